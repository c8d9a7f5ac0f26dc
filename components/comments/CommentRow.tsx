import { useState, type ReactNode } from 'react';
import type { Comment } from '../../shared/comments';
import { COMMENT_LIST_TEXTS } from '../../shared/comment-list';
import { useDates } from '../lib/useDates';
import ItemLink from '../lib/ItemLink';
import AppLink from '../lib/AppLink';
import { patchKeepingScroll } from '../lib/visits';
import type { SendComment } from './CommentInput';
import LinkifiedText from './LinkifiedText';
import './comments.css';
import { ROUTES } from '../../shared/routes';
import Icon from '../lib/Icon';
import { onDemand } from '../lib/on-demand';

// Editing a comment and the buttons that act on it are for members, whose pages the server never renders.
const CommentInput = onDemand(() => import('./CommentInput'));
const CommentActions = onDemand(() => import('./CommentActions'));

interface CommentRowProps {
  comment: Comment;
  /** The props a call reloads: the page's own part that holds the comments. */
  reloadOnly: string[];
  /** The moderation list names the item each comment is on. */
  showItem?: boolean;
  /** The server's `errors.comment`, when this row's edit was the last comment call. */
  error: string | null;
  /** Called as this row sends an edit, so that the page knows whose error comes back. */
  onEditSent: () => void;
  /** Shown before the author: the moderation queue's selection checkbox. */
  selector?: ReactNode;
  /** Shown under the buttons: what the moderation queue says about the comment. */
  children?: ReactNode;
}

/**
 * One comment: its words with their links, the author, when, '(edited)', a warning icon
 * while flagged, and the buttons its can_* flags allow (CommentActions).
 */
export default function CommentRow({ comment, reloadOnly, showItem = false, error, onEditSent, selector, children }: CommentRowProps) {
  const dates = useDates();
  const [editing, setEditing] = useState(false);
  const saveEdit: SendComment = (text, { onSuccess, onFinish }) => {
    onEditSent();
    patchKeepingScroll(
      ROUTES.comment.path({ ref: comment.ref }),
      { comment: text },
      {
        only: reloadOnly,
        onSuccess: () => {
          onSuccess();
          setEditing(false);
        },
        onFinish,
      },
    );
  };

  return (
    <li className="list-group-item" aria-label={`Comment by ${comment.commenter ?? COMMENT_LIST_TEXTS.formerMember}`}>
      <div className="d-flex flex-wrap align-items-baseline gap-2 small mb-1">
        {selector}
        {comment.flagged && (
          <Icon
            name="bi-exclamation-triangle-fill"
            className="text-warning"
            role="img"
            aria-label={COMMENT_LIST_TEXTS.flaggedIcon}
            title={COMMENT_LIST_TEXTS.flaggedIcon}
          />
        )}
        <Author comment={comment} />
        <time dateTime={comment.when} className="text-body-secondary">
          {dates.day(comment.when)}
        </time>
        {comment.edited && <span className="text-body-secondary">{COMMENT_LIST_TEXTS.edited}</span>}
        {showItem && (
          <span className="text-body-secondary">
            on <ItemLink itemRef={comment.item_ref}>{comment.item_title}</ItemLink>
          </span>
        )}
      </div>
      {editing ? (
        <CommentInput
          label="Edit the comment"
          submitLabel="Save"
          initialText={comment.comment}
          error={error}
          send={saveEdit}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <p className="mb-1" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <LinkifiedText text={comment.comment} />
        </p>
      )}
      {mayActOn(comment) && <CommentActions comment={comment} reloadOnly={reloadOnly} editing={editing} onEdit={() => setEditing(true)} />}
      {children}
    </li>
  );
}

/** Whether the server lets this viewer do anything with the comment: never a visitor. */
function mayActOn({ can_flag, can_update, can_delete, can_approve }: Comment): boolean {
  return can_flag || can_update || can_delete || can_approve;
}

function Author({ comment }: { comment: Comment }) {
  if (!comment.commenter_ref) return <span className="fw-semibold">{comment.commenter ?? COMMENT_LIST_TEXTS.formerMember}</span>;
  return (
    // No prefetch: the user page opens only for those who manage users, so a hover must not ask for it.
    <AppLink href={ROUTES.user.path({ ref: comment.commenter_ref })} prefetch={false} className="fw-semibold">
      {comment.commenter}
    </AppLink>
  );
}
