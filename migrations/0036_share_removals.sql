CREATE TABLE "share_removals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "share_removals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ref" varchar(24) NOT NULL,
	"shared_type" varchar(16) NOT NULL,
	"item_id" integer,
	"collection_id" integer,
	"content_id" integer,
	"from_user_id" integer,
	"to_email" varchar(320) NOT NULL,
	"level" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"shared_at" timestamp with time zone NOT NULL,
	"removed_by_user_id" integer,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_removals_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
ALTER TABLE "share_removals" ADD CONSTRAINT "share_removals_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_removals" ADD CONSTRAINT "share_removals_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_removals" ADD CONSTRAINT "share_removals_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_removals" ADD CONSTRAINT "share_removals_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_removals" ADD CONSTRAINT "share_removals_removed_by_user_id_users_id_fk" FOREIGN KEY ("removed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_removals_from_user_idx" ON "share_removals" USING btree ("from_user_id","removed_at");--> statement-breakpoint
CREATE INDEX "share_removals_item_idx" ON "share_removals" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "share_removals_collection_idx" ON "share_removals" USING btree ("collection_id");