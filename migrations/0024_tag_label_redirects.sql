-- Tag merge (issue 19 §3): the old labels of merged tags, so /tag/{old label} redirects to the target tag's page.
CREATE TABLE "tag_label_redirects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tag_label_redirects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"label" varchar(120) NOT NULL,
	"target_tag_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tag_label_redirects_label_unique" UNIQUE("label")
);
--> statement-breakpoint
ALTER TABLE "tag_label_redirects" ADD CONSTRAINT "tag_label_redirects_target_tag_id_tags_id_fk" FOREIGN KEY ("target_tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tag_label_redirects_target_idx" ON "tag_label_redirects" USING btree ("target_tag_id");