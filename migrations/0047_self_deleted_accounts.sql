-- A person who deletes their own account goes to the trash like anyone an admin deletes, but signing in before the
-- purge brings them back (docs/decisions/access.md "Deleting an account"). Their own row is gone once the entry is
-- written, so deleted_by_user_id cannot name them: the entry says so itself.
ALTER TABLE "trash_entries" ADD COLUMN "self_deleted" boolean DEFAULT false NOT NULL;
