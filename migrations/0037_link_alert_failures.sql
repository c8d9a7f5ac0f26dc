ALTER TABLE "broken_external_link_alerts" ADD COLUMN "first_failed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "broken_external_link_alerts" ADD COLUMN "failures" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "broken_external_link_alerts" ADD COLUMN "unreachable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- An alert from before counts as one failure since its last check: the next failing check a day on confirms it.
UPDATE "broken_external_link_alerts" SET "first_failed_at" = "checked_at";
