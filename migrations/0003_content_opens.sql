ALTER TABLE "contents" ADD COLUMN "open_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "last_opened_at" timestamp with time zone;