CREATE TABLE "identities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"provider" varchar(20) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"email" varchar(320),
	"email_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ref" varchar(24) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_type_id" integer NOT NULL,
	"note_to_self" text DEFAULT '' NOT NULL,
	"sent_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by_user_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_by_user_id" integer,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_ref_unique" UNIQUE("ref"),
	CONSTRAINT "invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(120) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"level" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_types_title_unique" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ref" varchar(24) NOT NULL,
	"name" varchar(200) NOT NULL,
	"email" varchar(320),
	"email_verified_at" timestamp with time zone,
	"email_verification_token_hash" varchar(64),
	"email_verification_sent_at" timestamp with time zone,
	"phone" varchar(40),
	"user_type_id" integer NOT NULL,
	"admin" boolean DEFAULT false NOT NULL,
	"superadmin" boolean DEFAULT false NOT NULL,
	"manager" boolean DEFAULT false NOT NULL,
	"manage_users" boolean DEFAULT false NOT NULL,
	"login_using" varchar(20),
	"person_item_id" integer,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "affirmation_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affirmation_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ref" varchar(24) NOT NULL,
	"title" varchar(120) NOT NULL,
	"is_negative" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affirmation_options_ref_unique" UNIQUE("ref"),
	CONSTRAINT "affirmation_options_title_unique" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "characteristics" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "characteristics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ref" varchar(24) NOT NULL,
	"title" varchar(120) NOT NULL,
	"usage_note" text DEFAULT '' NOT NULL,
	"format" varchar(20) DEFAULT 'text' NOT NULL,
	"public" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "characteristics_ref_unique" UNIQUE("ref"),
	CONSTRAINT "characteristics_title_unique" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "contents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ref" varchar(24) NOT NULL,
	"item_id" integer NOT NULL,
	"label" varchar(255) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"format" varchar(32) DEFAULT 'other' NOT NULL,
	"length_minutes" integer,
	"size_bytes" bigint,
	"copyright" text,
	"google_drive_file_id" varchar(255),
	"export_mode" varchar(16),
	"minimum_access_level" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"is_sample_of_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contents_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "item_affirmations" (
	"item_id" integer NOT NULL,
	"affirmation_option_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"value" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_affirmations_item_id_affirmation_option_id_user_id_pk" PRIMARY KEY("item_id","affirmation_option_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "item_characteristics" (
	"item_id" integer NOT NULL,
	"characteristic_id" integer NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "item_characteristics_item_id_characteristic_id_pk" PRIMARY KEY("item_id","characteristic_id")
);
--> statement-breakpoint
CREATE TABLE "item_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "item_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ref" varchar(24) NOT NULL,
	"item_id" integer NOT NULL,
	"extension" varchar(8) NOT NULL,
	"source" varchar(16) DEFAULT 'upload' NOT NULL,
	"storage_key" varchar(512) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_images_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "item_tags" (
	"item_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_tags_item_id_tag_id_pk" PRIMARY KEY("item_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ref" varchar(24) NOT NULL,
	"code" varchar(20) NOT NULL,
	"title" varchar(255) NOT NULL,
	"topic" varchar(255) DEFAULT '' NOT NULL,
	"blurb" text DEFAULT '' NOT NULL,
	"authors" text[] DEFAULT '{}'::text[] NOT NULL,
	"visibility" integer DEFAULT 10 NOT NULL,
	"minimum_access_level" integer DEFAULT 0 NOT NULL,
	"available_external_link" varchar(2048),
	"initial_publication_year_month" varchar(7),
	"last_updated_year_month" varchar(7),
	"google_drive_folder_id" varchar(255),
	"expires_at" timestamp with time zone,
	"expires_note" text,
	"review_after" date,
	"review" text,
	"show_created_by" boolean DEFAULT false NOT NULL,
	"show_as_user_contributed" boolean DEFAULT false NOT NULL,
	"created_by_user_id" integer,
	"view_count" integer DEFAULT 0 NOT NULL,
	"recent_view_count" integer DEFAULT 0 NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(topic, '')), 'B') || setweight(to_tsvector('english', coalesce(blurb, '')), 'C')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_ref_unique" UNIQUE("ref"),
	CONSTRAINT "items_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "relations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "relations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ref" varchar(24) NOT NULL,
	"item_id" integer NOT NULL,
	"related_item_id" integer NOT NULL,
	"admin_approved" boolean DEFAULT false NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "relations_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ref" varchar(24) NOT NULL,
	"taxonomy_id" integer NOT NULL,
	"parent_id" integer,
	"label" varchar(120) NOT NULL,
	"force_show_in_filtering" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ref" varchar(24) NOT NULL,
	"item_id" integer,
	"task" varchar(500) NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"priority" integer DEFAULT 2 NOT NULL,
	"due_date" date,
	"completed_at" timestamp with time zone,
	"for_user_id" integer,
	"by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "taxonomies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "taxonomies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ref" varchar(24) NOT NULL,
	"title" varchar(120) NOT NULL,
	"usage_note" text DEFAULT '' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"multiselect" boolean DEFAULT false NOT NULL,
	"public" boolean DEFAULT true NOT NULL,
	"show_in_filtering" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taxonomies_ref_unique" UNIQUE("ref"),
	CONSTRAINT "taxonomies_title_unique" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "collection_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ref" varchar(24) NOT NULL,
	"collection_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"section" varchar(255) DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_items_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ref" varchar(24) NOT NULL,
	"user_id" integer NOT NULL,
	"title" varchar(255) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ref" varchar(24) NOT NULL,
	"item_id" integer NOT NULL,
	"user_id" integer,
	"comment" text NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ref" varchar(24) NOT NULL,
	"shared_type" varchar(16) NOT NULL,
	"item_id" integer,
	"collection_id" integer,
	"content_id" integer,
	"from_user_id" integer,
	"to_email" varchar(320) NOT NULL,
	"to_user_id" integer,
	"level" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shares_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "broken_external_link_alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "broken_external_link_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ref" varchar(24) NOT NULL,
	"item_id" integer NOT NULL,
	"url" varchar(2048) NOT NULL,
	"status_code" integer,
	"message" text DEFAULT '' NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "broken_external_link_alerts_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "deployment_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deployment_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(120) NOT NULL,
	"state" varchar(16) DEFAULT 'pending' NOT NULL,
	"output" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "http_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "http_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"method" varchar(10) NOT NULL,
	"url" varchar(2048) NOT NULL,
	"referer" varchar(2048),
	"response_code" integer NOT NULL,
	"user_id" integer,
	"user_type_id" integer,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_views" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "item_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"user_id" integer,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" varchar(128) PRIMARY KEY NOT NULL,
	"user_id" integer,
	"data" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identities" ADD CONSTRAINT "identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_user_type_id_user_types_id_fk" FOREIGN KEY ("user_type_id") REFERENCES "public"."user_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_by_user_id_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_user_type_id_user_types_id_fk" FOREIGN KEY ("user_type_id") REFERENCES "public"."user_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_is_sample_of_fk" FOREIGN KEY ("is_sample_of_id") REFERENCES "public"."contents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_affirmations" ADD CONSTRAINT "item_affirmations_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_affirmations" ADD CONSTRAINT "item_affirmations_affirmation_option_id_affirmation_options_id_fk" FOREIGN KEY ("affirmation_option_id") REFERENCES "public"."affirmation_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_affirmations" ADD CONSTRAINT "item_affirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_characteristics" ADD CONSTRAINT "item_characteristics_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_characteristics" ADD CONSTRAINT "item_characteristics_characteristic_id_characteristics_id_fk" FOREIGN KEY ("characteristic_id") REFERENCES "public"."characteristics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_images" ADD CONSTRAINT "item_images_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_tags" ADD CONSTRAINT "item_tags_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_tags" ADD CONSTRAINT "item_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relations" ADD CONSTRAINT "relations_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relations" ADD CONSTRAINT "relations_related_item_id_items_id_fk" FOREIGN KEY ("related_item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relations" ADD CONSTRAINT "relations_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_taxonomy_id_taxonomies_id_fk" FOREIGN KEY ("taxonomy_id") REFERENCES "public"."taxonomies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_for_user_id_users_id_fk" FOREIGN KEY ("for_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broken_external_link_alerts" ADD CONSTRAINT "broken_external_link_alerts_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "http_requests" ADD CONSTRAINT "http_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_views" ADD CONSTRAINT "item_views_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_views" ADD CONSTRAINT "item_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identities_provider_subject_unique" ON "identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE INDEX "identities_user_idx" ON "identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invitations_created_by_idx" ON "invitations" USING btree ("created_by_user_id");--> statement-breakpoint
CREATE INDEX "invitations_created_at_idx" ON "invitations" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_user_type_idx" ON "users" USING btree ("user_type_id");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("name");--> statement-breakpoint
CREATE INDEX "contents_item_idx" ON "contents" USING btree ("item_id","position");--> statement-breakpoint
CREATE INDEX "contents_drive_file_idx" ON "contents" USING btree ("google_drive_file_id");--> statement-breakpoint
CREATE INDEX "item_affirmations_user_idx" ON "item_affirmations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "item_affirmations_option_idx" ON "item_affirmations" USING btree ("affirmation_option_id");--> statement-breakpoint
CREATE INDEX "item_characteristics_characteristic_idx" ON "item_characteristics" USING btree ("characteristic_id");--> statement-breakpoint
CREATE INDEX "item_images_item_idx" ON "item_images" USING btree ("item_id","position");--> statement-breakpoint
CREATE INDEX "item_tags_tag_idx" ON "item_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "items_search_idx" ON "items" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "items_visibility_level_idx" ON "items" USING btree ("visibility","minimum_access_level");--> statement-breakpoint
CREATE INDEX "items_created_by_idx" ON "items" USING btree ("created_by_user_id");--> statement-breakpoint
CREATE INDEX "items_recent_views_idx" ON "items" USING btree ("recent_view_count");--> statement-breakpoint
CREATE INDEX "items_title_idx" ON "items" USING btree ("title");--> statement-breakpoint
CREATE UNIQUE INDEX "relations_pair_unique" ON "relations" USING btree ("item_id","related_item_id");--> statement-breakpoint
CREATE INDEX "relations_related_idx" ON "relations" USING btree ("related_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_taxonomy_label_unique" ON "tags" USING btree ("taxonomy_id",lower("label"));--> statement-breakpoint
CREATE INDEX "tags_label_lower_idx" ON "tags" USING btree (lower("label"));--> statement-breakpoint
CREATE INDEX "tags_parent_idx" ON "tags" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "tasks_for_user_idx" ON "tasks" USING btree ("for_user_id","completed_at");--> statement-breakpoint
CREATE INDEX "tasks_item_idx" ON "tasks" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "collection_items_order_idx" ON "collection_items" USING btree ("collection_id","section","position");--> statement-breakpoint
CREATE INDEX "collection_items_item_idx" ON "collection_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "collections_user_idx" ON "collections" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "comments_item_idx" ON "comments" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_user_idx" ON "comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "comments_flagged_idx" ON "comments" USING btree ("flagged");--> statement-breakpoint
CREATE INDEX "shares_to_email_idx" ON "shares" USING btree ("to_email");--> statement-breakpoint
CREATE INDEX "shares_to_user_idx" ON "shares" USING btree ("to_user_id");--> statement-breakpoint
CREATE INDEX "shares_from_user_idx" ON "shares" USING btree ("from_user_id");--> statement-breakpoint
CREATE INDEX "shares_item_idx" ON "shares" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "shares_collection_idx" ON "shares" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "broken_links_item_idx" ON "broken_external_link_alerts" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "deployment_tasks_state_idx" ON "deployment_tasks" USING btree ("state");--> statement-breakpoint
CREATE INDEX "http_requests_created_idx" ON "http_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "item_views_user_idx" ON "item_views" USING btree ("user_id","viewed_at");--> statement-breakpoint
CREATE INDEX "item_views_item_idx" ON "item_views" USING btree ("item_id","viewed_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");