-- Issue 20 §5: a card shows the minutes of its item's longest published content (items/summary.ts `cardMinutes`), so
-- the lists that hold cards must change when a content row's item, length, publication or level does, as they do for
-- images (0015, 0019): the BEFORE triggers raise `lists_version` (admins' and personal lists) and lock library_state
-- first, as every write to the library does; the AFTER triggers raise the versions of the levels that list the items.
-- An open only counts (open_count, last_opened_at) and raises nothing.
CREATE TRIGGER "contents_lists_version" BEFORE INSERT OR DELETE OR TRUNCATE ON "contents" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_lists_version"();--> statement-breakpoint
CREATE TRIGGER "contents_lists_version_update" BEFORE UPDATE OF "item_id", "length_minutes", "published", "minimum_access_level" ON "contents" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_lists_version"();--> statement-breakpoint
CREATE FUNCTION "contents_written_level_lists_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_level_lists_versions"("lowest_listing_level"(ARRAY(SELECT DISTINCT "item_id" FROM "changed_rows")));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Transition tables cannot go with a column list, so the columns a card reads are compared here.
CREATE FUNCTION "contents_updated_level_lists_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_level_lists_versions"("lowest_listing_level"(ARRAY(
    SELECT unnest(ARRAY["old_rows"."item_id", "new_rows"."item_id"])
    FROM "old_rows" JOIN "new_rows" ON "new_rows"."id" = "old_rows"."id"
    WHERE ("old_rows"."item_id", "old_rows"."length_minutes", "old_rows"."published", "old_rows"."minimum_access_level")
      IS DISTINCT FROM ("new_rows"."item_id", "new_rows"."length_minutes", "new_rows"."published", "new_rows"."minimum_access_level"))));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "contents_level_lists_version_insert" AFTER INSERT ON "contents" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "contents_written_level_lists_version"();--> statement-breakpoint
CREATE TRIGGER "contents_level_lists_version_delete" AFTER DELETE ON "contents" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "contents_written_level_lists_version"();--> statement-breakpoint
CREATE TRIGGER "contents_level_lists_version_update" AFTER UPDATE ON "contents" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "contents_updated_level_lists_version"();--> statement-breakpoint
CREATE TRIGGER "contents_level_lists_version_truncate" AFTER TRUNCATE ON "contents" FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_level_lists_version"();
