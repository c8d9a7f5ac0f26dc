CREATE TABLE "drive_health_findings" (
	"item_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"detail" text NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	CONSTRAINT "drive_health_findings_item_id_kind_pk" PRIMARY KEY("item_id","kind")
);
--> statement-breakpoint
ALTER TABLE "drive_health_findings" ADD CONSTRAINT "drive_health_findings_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;