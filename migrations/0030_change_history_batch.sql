ALTER TABLE "change_history" ADD COLUMN "batch_id" varchar(64);--> statement-breakpoint
CREATE INDEX "change_history_batch_idx" ON "change_history" USING btree ("batch_id","id") WHERE "change_history"."batch_id" is not null;--> statement-breakpoint
-- The change context's batch (a batch edit, docs/decisions.md "Batch edits") is recorded with each row it changes.
CREATE OR REPLACE FUNCTION "record_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "context" jsonb := nullif(current_setting('equip.change', true), '')::jsonb;
  "old_row" jsonb;
  "new_row" jsonb;
  "subject" jsonb;
  "ignored" text[] := TG_ARGV[2]::text[];
  "only" text[] := TG_ARGV[3]::text[];
  "diff" jsonb := '{}'::jsonb;
  "column" text;
BEGIN
  IF TG_OP <> 'INSERT' THEN "old_row" := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN "new_row" := to_jsonb(NEW); END IF;
  "subject" := coalesce("new_row", "old_row");
  IF TG_OP = 'UPDATE' THEN
    FOR "column" IN SELECT jsonb_object_keys("new_row") LOOP
      IF NOT ("column" = ANY ("ignored")) AND (cardinality("only") = 0 OR "column" = ANY ("only"))
         AND "new_row" -> "column" IS DISTINCT FROM "old_row" -> "column" THEN
        "diff" := "diff" || jsonb_build_object("column", jsonb_build_array("old_row" -> "column", "new_row" -> "column"));
      END IF;
    END LOOP;
    IF "diff" = '{}'::jsonb THEN
      RETURN NULL;
    END IF;
  ELSE
    "diff" := "subject" - "ignored";
  END IF;
  -- A link row names what it links, so its history still reads after the tag or characteristic is gone.
  IF TG_TABLE_NAME = 'item_tags' THEN
    "diff" := "diff" || coalesce((SELECT jsonb_build_object('tag', "tags"."label", 'tag_ref', "tags"."ref", 'taxonomy', "taxonomies"."title")
      FROM "tags" JOIN "taxonomies" ON "taxonomies"."id" = "tags"."taxonomy_id" WHERE "tags"."id" = ("subject" ->> 'tag_id')::int), '{}'::jsonb);
  ELSIF TG_TABLE_NAME = 'item_characteristics' THEN
    "diff" := "diff" || coalesce((SELECT jsonb_build_object('characteristic', "title", 'characteristic_ref', "ref")
      FROM "characteristics" WHERE "id" = ("subject" ->> 'characteristic_id')::int), '{}'::jsonb);
  END IF;
  INSERT INTO "change_history" ("kind", "operation", "actor_user_id", "impersonator_user_id", "subject_user_id", "subject_id", "item_id", "changes", "route", "request_id", "batch_id")
  VALUES (
    TG_ARGV[0],
    lower(TG_OP),
    ("context" ->> 'actor')::int,
    ("context" ->> 'impersonator')::int,
    CASE WHEN TG_TABLE_NAME = 'users' THEN ("subject" ->> 'id')::int END,
    ("subject" ->> 'id')::int,
    CASE WHEN TG_ARGV[1] <> '' THEN ("subject" ->> TG_ARGV[1])::int END,
    "diff",
    "context" ->> 'route',
    "context" ->> 'request',
    "context" ->> 'batch'
  );
  RETURN NULL;
END
$$;
