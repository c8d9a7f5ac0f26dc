CREATE TABLE "characteristic_format_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "characteristic_format_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ref" varchar(24) NOT NULL,
	"characteristic_id" integer NOT NULL,
	"from_format" varchar(20) NOT NULL,
	"to_format" varchar(20) NOT NULL,
	"changed_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"converted" integer NOT NULL,
	"removed" integer NOT NULL,
	"changed_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	CONSTRAINT "characteristic_format_changes_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
ALTER TABLE "characteristic_format_changes" ADD CONSTRAINT "characteristic_format_changes_characteristic_id_characteristics_id_fk" FOREIGN KEY ("characteristic_id") REFERENCES "public"."characteristics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characteristic_format_changes" ADD CONSTRAINT "characteristic_format_changes_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "characteristic_format_changes_latest_idx" ON "characteristic_format_changes" USING btree ("characteristic_id","id");