-- Daily counts beside the request log for the admin stats (issue 19 §8): opens of items and contents per user type (never the person), and searches that found nothing (the normalised text only). Swept with the request log.
CREATE TABLE "opens_per_user_type" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "opens_per_user_type_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"kind" varchar(8) NOT NULL,
	"ref" varchar(24) NOT NULL,
	"user_type_id" integer,
	"open_count" integer NOT NULL,
	CONSTRAINT "opens_per_user_type_key" UNIQUE NULLS NOT DISTINCT("day","kind","ref","user_type_id"),
	CONSTRAINT "opens_per_user_type_kind_check" CHECK ("opens_per_user_type"."kind" in ('item', 'content'))
);
--> statement-breakpoint
CREATE TABLE "unmatched_searches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "unmatched_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"search_text" varchar(100) NOT NULL,
	"search_count" integer NOT NULL,
	"last_searched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "unmatched_searches_key" UNIQUE("day","search_text")
);
