CREATE TABLE "library_version_bumps" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "library_version_bumps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1)
);
--> statement-breakpoint
-- The library's versions rise at commit, no longer at each write statement. The triggers of 0002, 0005, 0006, 0015,
-- 0019, 0026 and 0034 updated library_state as each statement began, so every writer of the library held its one row
-- from its first write to its commit, and waited for every other (a comment behind a 10,000-item batch edit). They now
-- note what changed in a setting local to the transaction: whether lists changed, and the lowest level whose lists did
-- (a rolled back savepoint forgets its notes with its rows). The first note inserts a row into library_version_bumps,
-- whose trigger, deferred to the commit, raises the versions once and deletes the row: library_state is locked for the
-- moment of a commit, as the last lock a transaction takes, and the new versions become visible with the changes.
CREATE FUNCTION "note_library_change"("lists" boolean, "lowest" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "noted" text := coalesce(current_setting('equip.library_changes', true), '');
  "noted_lists" boolean := false;
  "noted_lowest" integer;
BEGIN
  IF "noted" = '' THEN
    INSERT INTO "library_version_bumps" DEFAULT VALUES;
  ELSE
    "noted_lists" := split_part("noted", ',', 1) = '1';
    "noted_lowest" := nullif(split_part("noted", ',', 2), '')::integer;
  END IF;
  PERFORM set_config('equip.library_changes',
    CASE WHEN "lists" OR "noted_lists" THEN '1' ELSE '0' END || ',' || coalesce(least("lowest", "noted_lowest")::text, ''), true);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_library_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "note_library_change"(false, NULL);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_library_lists_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "note_library_change"(true, NULL);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_level_lists_versions"("lowest" integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF "lowest" IS NOT NULL THEN
    PERFORM "note_library_change"(false, "lowest");
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "apply_library_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "noted" text := coalesce(current_setting('equip.library_changes', true), '');
  "lowest" integer := nullif(split_part("noted", ',', 2), '')::integer;
BEGIN
  IF "noted" <> '' THEN
    UPDATE "library_state" SET
      "version" = "version" + 1,
      "lists_version" = "lists_version" + CASE WHEN split_part("noted", ',', 1) = '1' THEN 1 ELSE 0 END,
      "level_lists_versions" = CASE WHEN "lowest" IS NULL THEN "level_lists_versions" ELSE ARRAY(
        SELECT CASE WHEN "level"."position" - 1 >= "lowest" THEN "level"."version" + 1 ELSE "level"."version" END
        FROM unnest("library_state"."level_lists_versions") WITH ORDINALITY AS "level"("version", "position")
        ORDER BY "level"."position") END
    WHERE "id" = 1;
    PERFORM set_config('equip.library_changes', '', true);
  END IF;
  DELETE FROM "library_version_bumps" WHERE "id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "library_version_bumps_at_commit" AFTER INSERT ON "library_version_bumps" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "apply_library_changes"();
