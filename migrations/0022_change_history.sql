CREATE TABLE "change_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "change_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" varchar(64) NOT NULL,
	"operation" varchar(8) DEFAULT 'event' NOT NULL,
	"actor_user_id" integer,
	"impersonator_user_id" integer,
	"subject_user_id" integer,
	"subject_id" integer,
	"item_id" integer,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"route" varchar(200),
	"request_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "change_history_item_idx" ON "change_history" USING btree ("item_id","id") WHERE "change_history"."item_id" is not null;--> statement-breakpoint
CREATE INDEX "change_history_actor_idx" ON "change_history" USING btree ("actor_user_id","id");--> statement-breakpoint
CREATE INDEX "change_history_subject_user_idx" ON "change_history" USING btree ("subject_user_id","id") WHERE "change_history"."subject_user_id" is not null;--> statement-breakpoint
CREATE INDEX "change_history_created_idx" ON "change_history" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "change_history_kind_idx" ON "change_history" USING btree ("kind","id");--> statement-breakpoint
-- audit_events (impersonation, deleted users, Advanced actions) becomes the events of the history; 0023 drops it.
INSERT INTO "change_history" ("kind", "operation", "actor_user_id", "subject_user_id", "changes", "created_at")
SELECT "action", 'event', "actor_user_id", "subject_user_id", "details", "created_at" FROM "audit_events" ORDER BY "id";--> statement-breakpoint
-- One history row per changed row of an audited table, in the statement's own transaction (docs/decisions.md "A
-- history of every change"). Arguments: the kind; the row's column naming its item ('' for none); columns never
-- recorded (bookkeeping, secrets); the only columns recorded ('{}' for all others). Who and through which route: the
-- transaction's change context, set by the app as its first statement (server/db/change-context.ts).
CREATE FUNCTION "record_change"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  INSERT INTO "change_history" ("kind", "operation", "actor_user_id", "impersonator_user_id", "subject_user_id", "subject_id", "item_id", "changes", "route", "request_id")
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
    "context" ->> 'request'
  );
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "items_history_insert_delete" AFTER INSERT OR DELETE ON "items" FOR EACH ROW EXECUTE FUNCTION "record_change"('item', 'id', '{tag_ids,view_count,recent_view_count,search_vector,created_at,updated_at}', '{}');--> statement-breakpoint
-- UPDATE OF the recorded columns only: view counts and the tag_ids cache change often and are no one's edit.
CREATE TRIGGER "items_history_update" AFTER UPDATE OF "code", "title", "topic", "blurb", "authors", "visibility", "minimum_access_level", "available_external_link", "initial_publication_year_month", "last_updated_year_month", "google_drive_folder_id", "expires_at", "expires_note", "review_after", "review", "show_created_by", "show_as_user_contributed", "created_by_user_id" ON "items" FOR EACH ROW EXECUTE FUNCTION "record_change"('item', 'id', '{tag_ids,view_count,recent_view_count,search_vector,created_at,updated_at}', '{}');--> statement-breakpoint
CREATE TRIGGER "item_tags_history" AFTER INSERT OR DELETE ON "item_tags" FOR EACH ROW EXECUTE FUNCTION "record_change"('item_tag', 'item_id', '{item_listing_level}', '{}');--> statement-breakpoint
CREATE TRIGGER "item_characteristics_history" AFTER INSERT OR UPDATE OR DELETE ON "item_characteristics" FOR EACH ROW EXECUTE FUNCTION "record_change"('item_characteristic', 'item_id', '{}', '{}');--> statement-breakpoint
CREATE TRIGGER "contents_history_insert_delete" AFTER INSERT OR DELETE ON "contents" FOR EACH ROW EXECUTE FUNCTION "record_change"('content', 'item_id', '{open_count,last_opened_at,created_at,updated_at}', '{}');--> statement-breakpoint
-- Opening a content counts it in its row: UPDATE OF leaves those counts out.
CREATE TRIGGER "contents_history_update" AFTER UPDATE OF "item_id", "label", "description", "format", "length_minutes", "size_bytes", "copyright", "google_drive_file_id", "export_mode", "minimum_access_level", "published", "is_sample_of_id", "position" ON "contents" FOR EACH ROW EXECUTE FUNCTION "record_change"('content', 'item_id', '{open_count,last_opened_at,created_at,updated_at}', '{}');--> statement-breakpoint
CREATE TRIGGER "item_images_history" AFTER INSERT OR UPDATE OR DELETE ON "item_images" FOR EACH ROW EXECUTE FUNCTION "record_change"('item_image', 'item_id', '{created_at}', '{}');--> statement-breakpoint
CREATE TRIGGER "relations_history" AFTER INSERT OR UPDATE OR DELETE ON "relations" FOR EACH ROW EXECUTE FUNCTION "record_change"('relation', 'item_id', '{created_at}', '{}');--> statement-breakpoint
CREATE TRIGGER "taxonomies_history" AFTER INSERT OR UPDATE OR DELETE ON "taxonomies" FOR EACH ROW EXECUTE FUNCTION "record_change"('taxonomy', '', '{created_at,updated_at}', '{}');--> statement-breakpoint
CREATE TRIGGER "tags_history" AFTER INSERT OR UPDATE OR DELETE ON "tags" FOR EACH ROW EXECUTE FUNCTION "record_change"('tag', '', '{created_at,updated_at}', '{}');--> statement-breakpoint
CREATE TRIGGER "characteristics_history" AFTER INSERT OR UPDATE OR DELETE ON "characteristics" FOR EACH ROW EXECUTE FUNCTION "record_change"('characteristic', '', '{created_at,updated_at}', '{}');--> statement-breakpoint
CREATE TRIGGER "affirmation_options_history" AFTER INSERT OR UPDATE OR DELETE ON "affirmation_options" FOR EACH ROW EXECUTE FUNCTION "record_change"('affirmation_option', '', '{created_at,updated_at}', '{}');--> statement-breakpoint
-- A user's type and flags only: the rest of the row is their own profile and sign-in bookkeeping.
CREATE TRIGGER "users_history" AFTER UPDATE OF "user_type_id", "admin", "superadmin", "manager", "manage_users" ON "users" FOR EACH ROW EXECUTE FUNCTION "record_change"('user', '', '{}', '{user_type_id,admin,superadmin,manager,manage_users}');--> statement-breakpoint
CREATE TRIGGER "shares_history" AFTER INSERT OR UPDATE OR DELETE ON "shares" FOR EACH ROW EXECUTE FUNCTION "record_change"('share', 'item_id', '{created_at}', '{}');--> statement-breakpoint
-- Never the token's hash: history is readable by admins, the token is a secret.
CREATE TRIGGER "invitations_history" AFTER INSERT OR UPDATE OR DELETE ON "invitations" FOR EACH ROW EXECUTE FUNCTION "record_change"('invitation', '', '{token_hash,created_at}', '{}');
