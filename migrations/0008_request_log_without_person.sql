ALTER TABLE "http_requests" DROP CONSTRAINT "http_requests_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "http_requests" DROP COLUMN "user_id";