DROP INDEX "item_tags_tag_idx";--> statement-breakpoint
CREATE INDEX "item_tags_tag_item_idx" ON "item_tags" USING btree ("tag_id","item_id");