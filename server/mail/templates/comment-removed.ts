import type { MailMessage } from '../mailer';
import { link, paragraph, renderMail } from './layout';

export interface CommentRemovedMailInput {
  to: string;
  authorName: string;
  appName: string;
  itemTitle: string;
  /** The absolute address of the item page, where the conversation goes on. */
  itemLink: string;
  /** The removed words, so the author knows which comment it was. */
  comment: string;
  /** Why, as the reason's label (shared/comments.ts FLAG_REASONS) or the fallback. */
  reason: string;
  /** The admin's own words to the author, if any. Never the flaggers' words, nor who flagged. */
  note: string | null;
}

/** The e-mail that tells an author why an admin removed their comment. */
export function commentRemovedMail({ to, authorName, appName, itemTitle, itemLink, comment, reason, note }: CommentRemovedMailInput): MailMessage {
  return renderMail({
    to,
    subject: `Your comment on “${itemTitle}” was removed`,
    appName,
    blocks: [
      paragraph(`Hello ${authorName},`),
      paragraph(`An admin of ${appName} removed your comment on “${itemTitle}”.`),
      paragraph(`Why: ${reason}.`),
      ...(note ? [paragraph(`The admin adds: ${note}`)] : []),
      paragraph(`What you wrote: “${comment}”`),
      link(`Open “${itemTitle}”`, itemLink),
    ],
  });
}
