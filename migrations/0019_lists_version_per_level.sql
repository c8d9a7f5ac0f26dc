ALTER TABLE "library_state" ADD COLUMN "level_lists_versions" bigint[] DEFAULT '{0,0,0,0,0,0,0}'::bigint[] NOT NULL;--> statement-breakpoint
-- Lists of viewers whose lists are not their own (the cache's `level:n` class) follow `level_lists_versions[n + 1]`;
-- admins' and personal lists still follow `lists_version` (docs/decisions.md, "Library cache"). These AFTER triggers
-- raise the versions of every level that may list a changed item (discoverable, minimum level <= n) before or after
-- the change; the BEFORE triggers of 0015 have locked the library_state row already, so the lock order is unchanged.
CREATE FUNCTION "bump_level_lists_versions"("lowest" integer) RETURNS void LANGUAGE sql AS $$
  UPDATE "library_state" SET "level_lists_versions" = ARRAY(
    SELECT CASE WHEN "level"."position" - 1 >= "lowest" THEN "level"."version" + 1 ELSE "level"."version" END
    FROM unnest("library_state"."level_lists_versions") WITH ORDINALITY AS "level"("version", "position")
    ORDER BY "level"."position")
  WHERE "id" = 1 AND "lowest" IS NOT NULL;
$$;--> statement-breakpoint
-- The lowest level that may list any of these items now (null when none is discoverable).
CREATE FUNCTION "lowest_listing_level"("item_ids" integer[]) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT min("minimum_access_level") FROM "items" WHERE "id" = ANY ("item_ids") AND "visibility" = 50;
$$;--> statement-breakpoint
-- Tags, taxonomies and truncations change what every level's lists and filter menus show.
CREATE FUNCTION "bump_every_level_lists_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_level_lists_versions"(0);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "items_written_level_lists_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_level_lists_versions"((SELECT min("minimum_access_level") FROM "changed_rows" WHERE "visibility" = 50));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Only the columns lists read (as the BEFORE trigger's column list): a view count or tag_ids changes no level's lists.
CREATE FUNCTION "items_updated_level_lists_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_level_lists_versions"((
    SELECT min("side"."level")
    FROM "old_rows" JOIN "new_rows" ON "new_rows"."id" = "old_rows"."id"
    CROSS JOIN LATERAL (VALUES
      (CASE WHEN "old_rows"."visibility" = 50 THEN "old_rows"."minimum_access_level" END),
      (CASE WHEN "new_rows"."visibility" = 50 THEN "new_rows"."minimum_access_level" END)) AS "side"("level")
    WHERE ("old_rows"."ref", "old_rows"."title", "old_rows"."topic", "old_rows"."blurb", "old_rows"."visibility", "old_rows"."minimum_access_level", "old_rows"."created_by_user_id", "old_rows"."expires_at")
      IS DISTINCT FROM ("new_rows"."ref", "new_rows"."title", "new_rows"."topic", "new_rows"."blurb", "new_rows"."visibility", "new_rows"."minimum_access_level", "new_rows"."created_by_user_id", "new_rows"."expires_at")));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- item_tags rows carry their item's listing level (0018); rows inserted without it take it from the item.
CREATE FUNCTION "item_tags_written_level_lists_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "lowest" integer := (SELECT min("item_listing_level") FROM "changed_rows");
BEGIN
  IF "lowest" IS DISTINCT FROM 0 THEN
    "lowest" := least("lowest", "lowest_listing_level"(ARRAY(SELECT DISTINCT "item_id" FROM "changed_rows")));
  END IF;
  PERFORM "bump_level_lists_versions"("lowest");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "item_tags_updated_level_lists_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_level_lists_versions"(least(
    (SELECT min("item_listing_level") FROM "old_rows"),
    "lowest_listing_level"(ARRAY(SELECT "item_id" FROM "old_rows" UNION SELECT "item_id" FROM "new_rows"))));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "item_images_written_level_lists_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_level_lists_versions"("lowest_listing_level"(ARRAY(SELECT DISTINCT "item_id" FROM "changed_rows")));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "item_images_updated_level_lists_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_level_lists_versions"("lowest_listing_level"(ARRAY(SELECT "item_id" FROM "old_rows" UNION SELECT "item_id" FROM "new_rows")));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "items_level_lists_version_insert" AFTER INSERT ON "items" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "items_written_level_lists_version"();--> statement-breakpoint
CREATE TRIGGER "items_level_lists_version_delete" AFTER DELETE ON "items" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "items_written_level_lists_version"();--> statement-breakpoint
CREATE TRIGGER "items_level_lists_version_update" AFTER UPDATE ON "items" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "items_updated_level_lists_version"();--> statement-breakpoint
CREATE TRIGGER "items_level_lists_version_truncate" AFTER TRUNCATE ON "items" FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_level_lists_version"();--> statement-breakpoint
CREATE TRIGGER "item_tags_level_lists_version_insert" AFTER INSERT ON "item_tags" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "item_tags_written_level_lists_version"();--> statement-breakpoint
CREATE TRIGGER "item_tags_level_lists_version_delete" AFTER DELETE ON "item_tags" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "item_tags_written_level_lists_version"();--> statement-breakpoint
CREATE TRIGGER "item_tags_level_lists_version_update" AFTER UPDATE ON "item_tags" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "item_tags_updated_level_lists_version"();--> statement-breakpoint
CREATE TRIGGER "item_tags_level_lists_version_truncate" AFTER TRUNCATE ON "item_tags" FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_level_lists_version"();--> statement-breakpoint
CREATE TRIGGER "item_images_level_lists_version_insert" AFTER INSERT ON "item_images" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "item_images_written_level_lists_version"();--> statement-breakpoint
CREATE TRIGGER "item_images_level_lists_version_delete" AFTER DELETE ON "item_images" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "item_images_written_level_lists_version"();--> statement-breakpoint
CREATE TRIGGER "item_images_level_lists_version_update" AFTER UPDATE ON "item_images" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "item_images_updated_level_lists_version"();--> statement-breakpoint
CREATE TRIGGER "item_images_level_lists_version_truncate" AFTER TRUNCATE ON "item_images" FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_level_lists_version"();--> statement-breakpoint
CREATE TRIGGER "tags_level_lists_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tags" FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_level_lists_version"();--> statement-breakpoint
CREATE TRIGGER "taxonomies_level_lists_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "taxonomies" FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_level_lists_version"();
