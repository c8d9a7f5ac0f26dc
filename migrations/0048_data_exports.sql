-- "Download my data" (docs/decisions/access.md "Download my data"): one row per request for a person's archive. The
-- archive itself is a file under DATA_DIR/exports, never in the database; its link's token is kept only as a SHA-256
-- (token_hash). At most one request per person waits at a time (data_exports_one_pending_idx), so two clicks, or two
-- instances, never prepare two archives; a request goes with its person (on delete cascade).
CREATE TABLE "data_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ref" varchar(24) NOT NULL,
	"user_id" integer NOT NULL,
	"state" varchar(16) DEFAULT 'pending' NOT NULL,
	"token_hash" varchar(64),
	"attempts" smallint DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"size_bytes" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "data_exports_ref_unique" UNIQUE("ref"),
	CONSTRAINT "data_exports_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "data_exports_state_check" CHECK ("data_exports"."state" in ('pending', 'ready', 'expired', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_one_pending_idx" ON "data_exports" USING btree ("user_id") WHERE "data_exports"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","created_at");