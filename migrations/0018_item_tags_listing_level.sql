DROP INDEX "item_tags_tag_item_idx";--> statement-breakpoint
ALTER TABLE "item_tags" ADD COLUMN "item_listing_level" integer;--> statement-breakpoint
-- item_tags.item_listing_level: the item's minimum access level while it is discoverable (visibility 50), null
-- otherwise, so "does an item this level may list carry the tag" is one index range (issue 16). Only these triggers
-- write it. The backfill leaves items.tag_ids as it is, so its trigger (0017) is not needed meanwhile.
ALTER TABLE "item_tags" DISABLE TRIGGER "item_tags_tag_ids_update";--> statement-breakpoint
UPDATE "item_tags" SET "item_listing_level" = "items"."minimum_access_level" FROM "items"
WHERE "items"."id" = "item_tags"."item_id" AND "items"."visibility" = 50;--> statement-breakpoint
ALTER TABLE "item_tags" ENABLE TRIGGER "item_tags_tag_ids_update";--> statement-breakpoint
CREATE INDEX "item_tags_tag_level_item_idx" ON "item_tags" USING btree ("tag_id","item_listing_level","item_id");--> statement-breakpoint
-- New or moved item_tags rows take their item's level (the seed gives it already, and then nothing is written).
CREATE FUNCTION "item_tags_fill_listing_level"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Statement-level triggers fire for statements that changed no row too: stopping then ends the triggers' chain.
  IF NOT EXISTS (SELECT 1 FROM "new_rows") THEN
    RETURN NULL;
  END IF;
  UPDATE "item_tags" SET "item_listing_level" = "added"."level"
  FROM (
    SELECT "new_rows"."item_id", "new_rows"."tag_id", CASE WHEN "items"."visibility" = 50 THEN "items"."minimum_access_level" END AS "level"
    FROM "new_rows" JOIN "items" ON "items"."id" = "new_rows"."item_id"
  ) AS "added"
  WHERE "item_tags"."item_id" = "added"."item_id" AND "item_tags"."tag_id" = "added"."tag_id"
    AND "item_tags"."item_listing_level" IS DISTINCT FROM "added"."level";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "item_tags_listing_level_insert" AFTER INSERT ON "item_tags" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "item_tags_fill_listing_level"();--> statement-breakpoint
CREATE TRIGGER "item_tags_listing_level_update" AFTER UPDATE ON "item_tags" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "item_tags_fill_listing_level"();--> statement-breakpoint
-- An item whose visibility or minimum access level changed passes the change to its item_tags rows (after the item
-- rows, as the lock order says). Other item updates (view counts, tag_ids, text) find nothing to pass on.
CREATE FUNCTION "items_pass_listing_level"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "changed_ids" integer[];
BEGIN
  SELECT array_agg("new_rows"."id") INTO "changed_ids"
  FROM "new_rows" JOIN "old_rows" ON "old_rows"."id" = "new_rows"."id"
  WHERE ("old_rows"."visibility", "old_rows"."minimum_access_level") IS DISTINCT FROM ("new_rows"."visibility", "new_rows"."minimum_access_level");
  -- Most item updates (view counts, text, tag_ids) change neither, and then nothing is written.
  IF "changed_ids" IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE "item_tags" SET "item_listing_level" = CASE WHEN "items"."visibility" = 50 THEN "items"."minimum_access_level" END
  FROM "items"
  WHERE "items"."id" = ANY ("changed_ids") AND "item_tags"."item_id" = "items"."id"
    AND "item_tags"."item_listing_level" IS DISTINCT FROM (CASE WHEN "items"."visibility" = 50 THEN "items"."minimum_access_level" END);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "items_listing_level_update" AFTER UPDATE ON "items" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "items_pass_listing_level"();
