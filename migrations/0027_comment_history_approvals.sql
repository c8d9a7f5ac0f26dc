-- Who flagged a comment is for admins only (docs/decisions.md "Moderation queue"), but an item's History is shown to its
-- maintainer: a flag's history row would name the flagger as its author. So the history records a comment's approvals
-- (and an edit withdrawing one), not its flags; who flagged stays in comment_flags, which only the queue reads.
DROP TRIGGER "comments_history_moderation" ON "comments";--> statement-breakpoint
CREATE TRIGGER "comments_history_approval" AFTER UPDATE OF "approved" ON "comments" FOR EACH ROW EXECUTE FUNCTION "record_change"('comment', 'item_id', '{}', '{approved}');
