-- Which database the library versions count in: the library cache's entries in Redis, shared by every instance, are
-- kept apart by it, so a new database (whose versions start again at 0) never reads another one's (docs/decisions.md
-- "One list computation per cluster"). Each existing row gets a random one.
ALTER TABLE "library_state" ADD COLUMN "generation" uuid DEFAULT gen_random_uuid() NOT NULL;
