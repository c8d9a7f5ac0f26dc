import { useState } from 'react';
import type { Comment } from '../../shared/comments';
import { COMMENT_LIST_TEXTS } from '../../shared/comment-list';
import { postKeepingScroll } from '../lib/visits';
import type { SendComment } from './CommentInput';
import CommentRow from './CommentRow';
import { ROUTES } from '../../shared/routes';
import { onDemand } from '../lib/on-demand';

// Only those who may comment get the box, and the server renders no signed-in page.
const CommentInput = onDemand(() => import('./CommentInput'));

interface CommentsBlockProps {
  itemRef: string;
  comments: Comment[];
  signedIn: boolean;
  /** `can.comment`: signed in with a verified e-mail. */
  canComment: boolean;
  /** The server's `errors.comment` from the last comment call. */
  error: string | null;
}

const RELOAD = ['item'];

/**
 * The comments on an item page, oldest first, and the box to add one. Visitors read them and are
 * told that logging in lets them join in (the page's one sign-in prompt, with its button, is at its top); signed-in
 * users without a verified e-mail are told to verify it first.
 */
export default function CommentsBlock({ itemRef, comments, signedIn, canComment, error }: CommentsBlockProps) {
  // Where `errors.comment` belongs: the edit of the comment with this ref, or (null) the new comment's input.
  const [errorOwner, setErrorOwner] = useState<string | null>(null);
  const errorFor = (owner: string | null) => (owner === errorOwner ? error : null);
  const sendNew: SendComment = (text, callbacks) => {
    setErrorOwner(null);
    postKeepingScroll(ROUTES.itemComment.path({ ref: itemRef }), { comment: text }, { only: RELOAD, ...callbacks });
  };

  return (
    <section aria-labelledby="item-comments-title" className="mb-3">
      <h2 id="item-comments-title" className="h5">
        Comments
      </h2>
      {comments.length > 0 && (
        <ul className="list-group mb-2">
          {comments.map((comment) => (
            <CommentRow key={comment.ref} comment={comment} reloadOnly={RELOAD} error={errorFor(comment.ref)} onEditSent={() => setErrorOwner(comment.ref)} />
          ))}
        </ul>
      )}
      {canComment ? (
        <CommentInput label="Write a comment" submitLabel="Send" error={errorFor(null)} send={sendNew} clearOnSuccess />
      ) : signedIn ? (
        <p className="text-body-secondary small mb-0">{COMMENT_LIST_TEXTS.verifyEmail}</p>
      ) : (
        // The page's one sign-in prompt is at its top (LoginPrompt).
        <p className="text-body-secondary small mb-0">{COMMENT_LIST_TEXTS.loginPrompt}</p>
      )}
    </section>
  );
}
