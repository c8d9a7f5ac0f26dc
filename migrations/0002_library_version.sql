CREATE TABLE "library_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "library_state_single_row" CHECK ("library_state"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "items_expires_idx" ON "items" USING btree ("expires_at") WHERE "items"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "shares_expires_idx" ON "shares" USING btree ("expires_at") WHERE "shares"."expires_at" is not null;--> statement-breakpoint
INSERT INTO "library_state" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- Statement-level and BEFORE the statement: one bump per write statement, taken before the statement locks any row.
CREATE FUNCTION "bump_library_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "library_state" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Only the item columns a list, a card or a search reads: counting a view must not empty the caches.
CREATE TRIGGER "items_library_version_update" BEFORE UPDATE OF "ref", "title", "topic", "blurb", "visibility", "minimum_access_level", "created_by_user_id", "expires_at" ON "items" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();--> statement-breakpoint
CREATE TRIGGER "items_library_version" BEFORE INSERT OR DELETE OR TRUNCATE ON "items" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();--> statement-breakpoint
CREATE TRIGGER "item_tags_library_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "item_tags" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();--> statement-breakpoint
CREATE TRIGGER "item_images_library_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "item_images" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();--> statement-breakpoint
CREATE TRIGGER "tags_library_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tags" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();--> statement-breakpoint
CREATE TRIGGER "taxonomies_library_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "taxonomies" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();--> statement-breakpoint
CREATE TRIGGER "shares_library_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shares" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();
