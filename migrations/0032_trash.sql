CREATE TABLE "trash_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trash_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ref" varchar(24) NOT NULL,
	"kind" varchar(32) NOT NULL,
	"subject_id" integer NOT NULL,
	"title" varchar(255) NOT NULL,
	"context" varchar(255) DEFAULT '' NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rows" jsonb NOT NULL,
	"relinks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"drive_folder_id" varchar(255),
	"deleted_by_user_id" integer,
	"impersonator_user_id" integer,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trash_entries_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
ALTER TABLE "trash_entries" ADD CONSTRAINT "trash_entries_deleted_by_user_id_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trash_entries" ADD CONSTRAINT "trash_entries_impersonator_user_id_users_id_fk" FOREIGN KEY ("impersonator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trash_entries_deleted_idx" ON "trash_entries" USING btree ("deleted_at","id");--> statement-breakpoint
CREATE INDEX "trash_entries_kind_idx" ON "trash_entries" USING btree ("kind","deleted_at","id");