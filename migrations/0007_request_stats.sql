DROP INDEX "http_requests_created_idx";--> statement-breakpoint
CREATE INDEX "http_requests_created_id_idx" ON "http_requests" USING btree ("created_at","id");