CREATE TABLE "drive_uploads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "drive_uploads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"folder_id" varchar(255) NOT NULL,
	"name" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
