CREATE TABLE "admin_action_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_action_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"action" varchar(64) NOT NULL,
	"actor_user_id" integer,
	"status" varchar(16) DEFAULT 'running' NOT NULL,
	"progress" text DEFAULT '' NOT NULL,
	"report" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "admin_action_runs_status_check" CHECK ("admin_action_runs"."status" in ('running', 'done', 'failed', 'interrupted'))
);
--> statement-breakpoint
ALTER TABLE "admin_action_runs" ADD CONSTRAINT "admin_action_runs_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_action_runs_one_running_idx" ON "admin_action_runs" USING btree ("action") WHERE "admin_action_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "admin_action_runs_started_idx" ON "admin_action_runs" USING btree ("started_at");