-- title_vector: the title's words alone, in the search's GIN index beside the words of title, topic and blurb (whose
-- weights the index cannot check: a search for words in titles read every item with the words anywhere and dropped
-- those without them in the title, 60,000 rows for 'guid' at 1,000,000 items to find 2,000), issue 35.
DROP INDEX "items_search_idx";--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(title, ''))) STORED;--> statement-breakpoint
CREATE INDEX "items_search_idx" ON "items" USING gin ("search_vector","filter_keys","title_vector");--> statement-breakpoint
-- The item's history leaves out what only the search's index reads (its generated keys and title words), as it leaves
-- out search_vector: a title edit is one change, not two.
DROP TRIGGER "items_history_insert_delete" ON "items";--> statement-breakpoint
DROP TRIGGER "items_history_update" ON "items";--> statement-breakpoint
CREATE TRIGGER "items_history_insert_delete" AFTER INSERT OR DELETE ON "items" FOR EACH ROW EXECUTE FUNCTION "record_change"('item', 'id', '{tag_ids,view_count,recent_view_count,search_vector,filter_keys,title_vector,created_at,updated_at}', '{}');--> statement-breakpoint
CREATE TRIGGER "items_history_update" AFTER UPDATE OF "code", "title", "topic", "blurb", "authors", "visibility", "minimum_access_level", "available_external_link", "initial_publication_year_month", "last_updated_year_month", "google_drive_folder_id", "expires_at", "expires_note", "review_after", "review", "show_created_by", "show_as_user_contributed", "created_by_user_id" ON "items" FOR EACH ROW EXECUTE FUNCTION "record_change"('item', 'id', '{tag_ids,view_count,recent_view_count,search_vector,filter_keys,title_vector,created_at,updated_at}', '{}');
