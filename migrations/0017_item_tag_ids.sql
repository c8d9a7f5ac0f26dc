ALTER TABLE "items" ADD COLUMN "tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
-- items.tag_ids mirrors item_tags (ascending tag ids), so a tag filter is checked in the item's own row and its GIN
-- index can be intersected with the search's (docs/performance.md, issue 16). Only these triggers write it.
UPDATE "items" SET "tag_ids" = "tagged"."ids"
FROM (SELECT "item_id", array_agg("tag_id" ORDER BY "tag_id") AS "ids" FROM "item_tags" GROUP BY "item_id") AS "tagged"
WHERE "items"."id" = "tagged"."item_id";--> statement-breakpoint
CREATE INDEX "items_tag_ids_idx" ON "items" USING gin ("tag_ids");--> statement-breakpoint
-- Sets tag_ids of the given items from item_tags, writing only the rows whose tags changed, locked in id order (as the
-- view recorder locks them) so that two writers of several items never wait on each other in a circle.
CREATE FUNCTION "refresh_item_tag_ids"("changed" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- A statement-level trigger fires for statements that changed no row too; nothing to do then.
  IF coalesce(cardinality("changed"), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM "items" WHERE "id" = ANY ("changed") ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "items" SET "tag_ids" = "current"."ids"
  FROM (
    SELECT "changed_item"."id", coalesce((SELECT array_agg("tag_id" ORDER BY "tag_id") FROM "item_tags" WHERE "item_id" = "changed_item"."id"), '{}'::integer[]) AS "ids"
    FROM (SELECT DISTINCT unnest("changed") AS "id") AS "changed_item"
  ) AS "current"
  WHERE "items"."id" = "current"."id" AND "items"."tag_ids" IS DISTINCT FROM "current"."ids";
END
$$;--> statement-breakpoint
-- plpgsql plans each statement when it first runs it, so each branch may name the transition tables of its own event.
CREATE FUNCTION "item_tags_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "refresh_item_tag_ids"(ARRAY(SELECT "item_id" FROM "new_rows"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "refresh_item_tag_ids"(ARRAY(SELECT "item_id" FROM "old_rows"));
  ELSE
    PERFORM "refresh_item_tag_ids"(ARRAY(SELECT "item_id" FROM "old_rows" UNION SELECT "item_id" FROM "new_rows"));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "item_tags_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "items" SET "tag_ids" = '{}'::integer[] WHERE "tag_ids" <> '{}'::integer[];
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "item_tags_tag_ids_insert" AFTER INSERT ON "item_tags" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "item_tags_changed"();--> statement-breakpoint
CREATE TRIGGER "item_tags_tag_ids_delete" AFTER DELETE ON "item_tags" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "item_tags_changed"();--> statement-breakpoint
CREATE TRIGGER "item_tags_tag_ids_update" AFTER UPDATE ON "item_tags" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "item_tags_changed"();--> statement-breakpoint
CREATE TRIGGER "item_tags_tag_ids_truncate" AFTER TRUNCATE ON "item_tags" FOR EACH STATEMENT EXECUTE FUNCTION "item_tags_truncated"();
