/**
 * Removing comments and telling their authors why (docs/decisions/curation.md "Moderation queue"): when someone
 * else (an admin) deletes a comment, its author gets an e-mail through the outbox, in the deleting transaction, with
 * the reason its flags gave most (or the one the admin chose) and the admin's optional words; never who flagged it.
 * Authors deleting their own words are told nothing.
 */
import { FLAG_REASONS, FROM_FLAGS, REMOVAL_REASON_FALLBACK, type FlagReason, type RemovalReasonChoice } from '../../../shared/comments';
import { ROUTES } from '../../../shared/routes';
import type { SignedInViewer } from '../../access/guards';
import { removalIsTold } from '../../access/policy';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { commentRemovedMail } from '../../mail/templates/comment-removed';
import { removalFacts, removeComments, type StoredComment } from './queries';
import { absoluteUrl } from '../../lib/site-url';

export interface RemovalReason {
  choice: RemovalReasonChoice;
  /** The admin's words to the authors. */
  note: string | null;
}

/** Deletes the comments (the caller has asked the policy for each), telling each author someone else removed it. */
export async function removeCommentsTellingAuthors(
  db: Database,
  config: Pick<AppConfig, 'APP_URL' | 'APP_NAME'>,
  viewer: SignedInViewer,
  targets: StoredComment[],
  why: RemovalReason,
): Promise<{ deleted: number; told: number }> {
  const facts = new Map(
    (
      await removalFacts(
        db,
        targets.map((comment) => comment.id),
      )
    ).map((fact) => [fact.id, fact]),
  );
  const removals = targets.map((comment) => {
    const fact = facts.get(comment.id);
    const byOther = removalIsTold(viewer, comment);
    const reason: FlagReason | null = why.choice === FROM_FLAGS ? (fact?.flagReason ?? null) : why.choice;
    const mail =
      byOther && fact?.authorEmail
        ? commentRemovedMail({
            to: fact.authorEmail,
            authorName: fact.authorName ?? '',
            appName: config.APP_NAME,
            itemTitle: fact.itemTitle,
            itemLink: absoluteUrl(config.APP_URL, ROUTES.item.path({ ref: fact.itemRef })),
            comment: fact.comment,
            reason: reason ? FLAG_REASONS[reason] : REMOVAL_REASON_FALLBACK,
            note: why.note,
          })
        : null;
    return { commentId: comment.id, authorId: comment.authorId, byOther, reason, mail };
  });
  return removeComments(db, viewer.id, removals);
}
