-- Issue 20 §4: what members follow (a tag, a search or a collection), how often their digest comes and the end of
-- the window the last one covered, and an index on items.updated_at so a digest or feed reads only what changed.
CREATE TABLE "follows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "follows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ref" varchar(24) NOT NULL,
	"user_id" integer NOT NULL,
	"tag_id" integer,
	"collection_id" integer,
	"search_text" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_ref_unique" UNIQUE("ref"),
	CONSTRAINT "follows_one_target" CHECK (num_nonnulls("follows"."tag_id", "follows"."collection_id", "follows"."search_text") = 1)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_frequency" varchar(10) DEFAULT 'weekly' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follows_user_tag_unique" ON "follows" USING btree ("user_id","tag_id") WHERE "follows"."tag_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "follows_user_collection_unique" ON "follows" USING btree ("user_id","collection_id") WHERE "follows"."collection_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "follows_user_search_unique" ON "follows" USING btree ("user_id",lower("search_text")) WHERE "follows"."search_text" is not null;--> statement-breakpoint
CREATE INDEX "follows_user_idx" ON "follows" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "follows_tag_idx" ON "follows" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "follows_collection_idx" ON "follows" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "items_updated_idx" ON "items" USING btree ("updated_at");