-- The moderation queue (issue 19 §5, docs/decisions.md "Moderation queue"): each person's flag on a comment with its
-- reason, and a count of each author's comments that admins removed.
CREATE TABLE "comment_flags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comment_flags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"comment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" varchar(32),
	"note" varchar(500),
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comment_removals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comment_removals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"author_id" integer NOT NULL,
	"removed_by_id" integer,
	"reason" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comment_flags" ADD CONSTRAINT "comment_flags_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_flags" ADD CONSTRAINT "comment_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_removals" ADD CONSTRAINT "comment_removals_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_removals" ADD CONSTRAINT "comment_removals_removed_by_id_users_id_fk" FOREIGN KEY ("removed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comment_flags_waiting_unique" ON "comment_flags" USING btree ("comment_id","user_id") WHERE "comment_flags"."approved_at" is null;--> statement-breakpoint
CREATE INDEX "comment_flags_comment_idx" ON "comment_flags" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "comment_flags_user_idx" ON "comment_flags" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "comment_removals_author_idx" ON "comment_removals" USING btree ("author_id");--> statement-breakpoint
-- The item page's cached comments part carries who flagged each comment (for can_flag), so flags raise the version (0006).
CREATE TRIGGER "comment_flags_library_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "comment_flags" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();--> statement-breakpoint
-- Moderation is recorded in the history (0022): approving or flagging (the flags themselves are their own record), and
-- every deletion with the words that went.
CREATE TRIGGER "comments_history_moderation" AFTER UPDATE OF "flagged", "approved" ON "comments" FOR EACH ROW EXECUTE FUNCTION "record_change"('comment', 'item_id', '{}', '{flagged,approved}');--> statement-breakpoint
CREATE TRIGGER "comments_history_delete" AFTER DELETE ON "comments" FOR EACH ROW EXECUTE FUNCTION "record_change"('comment', 'item_id', '{updated_at}', '{}');
