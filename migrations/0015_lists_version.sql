ALTER TABLE "library_state" ADD COLUMN "lists_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Lists, searches, tag counts and filters are cached on `lists_version`, item pages on `version` (docs/performance.md).
-- A write to what lists read raises both; a comment, an affirmation, a task or a content edit only `version`, so it
-- no longer empties every cached list. Statement-level and BEFORE, as in 0002.
CREATE FUNCTION "bump_library_lists_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "library_state" SET "version" = "version" + 1, "lists_version" = "lists_version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "items_library_version_update" ON "items";--> statement-breakpoint
DROP TRIGGER "items_library_version" ON "items";--> statement-breakpoint
DROP TRIGGER "item_tags_library_version" ON "item_tags";--> statement-breakpoint
DROP TRIGGER "item_images_library_version" ON "item_images";--> statement-breakpoint
DROP TRIGGER "tags_library_version" ON "tags";--> statement-breakpoint
DROP TRIGGER "taxonomies_library_version" ON "taxonomies";--> statement-breakpoint
DROP TRIGGER "shares_library_version" ON "shares";--> statement-breakpoint
DROP TRIGGER "users_library_version" ON "users";--> statement-breakpoint
CREATE TRIGGER "items_library_version_update" BEFORE UPDATE OF "ref", "title", "topic", "blurb", "visibility", "minimum_access_level", "created_by_user_id", "expires_at" ON "items" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_lists_version"();--> statement-breakpoint
CREATE TRIGGER "items_library_version" BEFORE INSERT OR DELETE OR TRUNCATE ON "items" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_lists_version"();--> statement-breakpoint
CREATE TRIGGER "item_tags_library_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "item_tags" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_lists_version"();--> statement-breakpoint
CREATE TRIGGER "item_images_library_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "item_images" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_lists_version"();--> statement-breakpoint
CREATE TRIGGER "tags_library_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tags" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_lists_version"();--> statement-breakpoint
CREATE TRIGGER "taxonomies_library_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "taxonomies" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_lists_version"();--> statement-breakpoint
CREATE TRIGGER "shares_library_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shares" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_lists_version"();--> statement-breakpoint
-- Deleting a user sets their items' maintainer to null, which changes whose lists include them.
CREATE TRIGGER "users_library_version" BEFORE DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_lists_version"();
