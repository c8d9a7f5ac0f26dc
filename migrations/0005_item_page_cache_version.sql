-- The item page's parts are cached like lists (docs/performance.md), so every table they read raises the library
-- version too. Statement-level and BEFORE, as in 0002. Contents and users only for the columns the page shows:
-- opening a content file or signing in must not empty the caches.
CREATE TRIGGER "item_characteristics_library_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "item_characteristics" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();--> statement-breakpoint
CREATE TRIGGER "characteristics_library_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "characteristics" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();--> statement-breakpoint
CREATE TRIGGER "relations_library_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "relations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();--> statement-breakpoint
CREATE TRIGGER "item_affirmations_library_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "item_affirmations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();--> statement-breakpoint
CREATE TRIGGER "affirmation_options_library_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "affirmation_options" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();--> statement-breakpoint
CREATE TRIGGER "tasks_library_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tasks" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();--> statement-breakpoint
CREATE TRIGGER "contents_library_version" BEFORE INSERT OR DELETE OR TRUNCATE ON "contents" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();--> statement-breakpoint
CREATE TRIGGER "contents_library_version_update" BEFORE UPDATE OF "ref", "item_id", "label", "description", "format", "length_minutes", "size_bytes", "copyright", "google_drive_file_id", "export_mode", "minimum_access_level", "published", "is_sample_of_id", "position" ON "contents" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();--> statement-breakpoint
CREATE TRIGGER "users_library_version" BEFORE DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();--> statement-breakpoint
CREATE TRIGGER "users_library_version_update" BEFORE UPDATE OF "ref", "name" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();
