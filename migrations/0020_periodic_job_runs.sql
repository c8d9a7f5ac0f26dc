CREATE TABLE "periodic_job_runs" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"last_started_at" timestamp with time zone NOT NULL
);
