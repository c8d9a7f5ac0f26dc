DROP INDEX "items_visibility_level_idx";--> statement-breakpoint
CREATE INDEX "items_listing_idx" ON "items" USING btree ("visibility","minimum_access_level","expires_at","created_by_user_id","id");--> statement-breakpoint
CREATE INDEX "items_title_order_idx" ON "items" USING btree ((lower("title") collate "C"),"id");