CREATE TABLE "library_health_schedules" (
	"check" varchar(32) PRIMARY KEY NOT NULL,
	"period" varchar(16) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "problem_key" varchar(80);--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_problem_key_unique" ON "tasks" USING btree ("problem_key") WHERE "tasks"."problem_key" is not null;