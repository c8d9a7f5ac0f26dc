DROP INDEX "items_recent_views_idx";--> statement-breakpoint
CREATE INDEX "items_popularity_idx" ON "items" USING btree ("recent_view_count","view_count","id");