CREATE UNIQUE INDEX "collection_items_collection_item_unique" ON "collection_items" USING btree ("collection_id","item_id");--> statement-breakpoint
-- The item page's parts are cached (0005); comments are one of them now, so they raise the library version too.
CREATE TRIGGER "comments_library_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "comments" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();
