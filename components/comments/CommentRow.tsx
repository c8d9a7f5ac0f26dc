import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { COMMENT_CONFIRM, COMMENT_MESSAGES, type Comment } from '../../shared/comments';
import { useDates } from '../lib/useDates';
import ItemLink from '../lib/ItemLink';
import AppLink from '../lib/AppLink';
import { deleteKeepingScroll, patchKeepingScroll } from '../lib/visits';
import type { SendComment } from './CommentInput';
import LinkifiedText from './LinkifiedText';
import './comments.css';
import { ROUTES } from '../../shared/routes';
import Icon from '../lib/Icon';
import { onDemand, onDemandDialog } from '../lib/on-demand';

// Editing a comment is for its author and moderators, whose pages the server never renders.
const CommentInput = onDemand(() => import('./CommentInput'));

// Loaded when first opened: few readers flag a comment.
const FlagCommentDialog = onDemandDialog(() => import('./FlagCommentDialog'));

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
 * One comment (admin-curation §2, §4, §6): its words with their links, the author, when, '(edited)', a warning icon
 * while flagged, and the buttons its can_* flags allow, each asking first with the spec's prompt (Flag's prompt is the
 * flag dialog, which also asks why: issue 19 §5).
 */
export default function CommentRow({ comment, reloadOnly, showItem = false, error, onEditSent, selector, children }: CommentRowProps) {
  const dates = useDates();
  const [editing, setEditing] = useState(false);
  const [flagging, setFlagging] = useState(false);
  const options = { only: reloadOnly };
  const ask = (prompt: string, call: () => void) => window.confirm(prompt) && call();

  const approve = () => ask(COMMENT_CONFIRM.approve, () => deleteKeepingScroll(ROUTES.commentFlag.path({ ref: comment.ref }), options));
  const remove = () => ask(COMMENT_CONFIRM.delete, () => deleteKeepingScroll(ROUTES.comment.path({ ref: comment.ref }), options));
  const saveEdit: SendComment = (text, { onSuccess, onFinish }) => {
    onEditSent();
    patchKeepingScroll(
      ROUTES.comment.path({ ref: comment.ref }),
      { comment: text },
      {
        ...options,
        onSuccess: () => {
          onSuccess();
          setEditing(false);
        },
        onFinish,
      },
    );
  };

  return (
    <li className="list-group-item" aria-label={`Comment by ${comment.commenter ?? COMMENT_MESSAGES.formerMember}`}>
      <div className="d-flex flex-wrap align-items-baseline gap-2 small mb-1">
        {selector}
        {comment.flagged && (
          <Icon
            name="bi-exclamation-triangle-fill"
            className="text-warning"
            role="img"
            aria-label={COMMENT_MESSAGES.flaggedIcon}
            title={COMMENT_MESSAGES.flaggedIcon}
          />
        )}
        <Author comment={comment} />
        <time dateTime={comment.when} className="text-body-secondary">
          {dates.day(comment.when)}
        </time>
        {comment.edited && <span className="text-body-secondary">{COMMENT_MESSAGES.edited}</span>}
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
      <CommentButtons
        comment={comment}
        editing={editing}
        onFlag={() => setFlagging(true)}
        onEdit={() => setEditing(true)}
        onDelete={remove}
        onApprove={approve}
      />
      {children}
      {comment.can_flag && <FlagCommentDialog comment={comment} show={flagging} onHide={() => setFlagging(false)} reloadOnly={reloadOnly} />}
    </li>
  );
}

function Author({ comment }: { comment: Comment }) {
  if (!comment.commenter_ref) return <span className="fw-semibold">{comment.commenter ?? COMMENT_MESSAGES.formerMember}</span>;
  return (
    // No prefetch: the user page opens only for those who manage users, so a hover must not ask for it.
    <AppLink href={ROUTES.user.path({ ref: comment.commenter_ref })} prefetch={false} className="fw-semibold">
      {comment.commenter}
    </AppLink>
  );
}

interface CommentButtonsProps {
  comment: Comment;
  editing: boolean;
  onFlag: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onApprove: () => void;
}

/** Only what the server allows: someone who may flag but not edit or delete sees the flag button alone. */
function CommentButtons({ comment, editing, onFlag, onEdit, onDelete, onApprove }: CommentButtonsProps) {
  const { can_flag, can_update, can_delete, can_approve } = comment;
  if (!can_flag && !can_update && !can_delete && !can_approve) return null;
  const actions: CommentAction[] = [
    { shown: can_flag, label: 'Flag', icon: 'bi-flag', variant: 'flag', onClick: onFlag },
    { shown: can_approve, label: 'Approve', icon: 'bi-check-lg', variant: 'outline-success', onClick: onApprove },
    { shown: can_update && !editing, label: 'Edit', icon: 'bi-pencil', variant: 'outline-secondary', onClick: onEdit },
    { shown: can_delete, label: 'Delete', icon: 'bi-trash', variant: 'outline-danger', onClick: onDelete },
  ];
  return (
    <div className="d-flex flex-wrap gap-1">
      {actions
        .filter((action) => action.shown)
        .map(({ label, icon, variant, onClick }) => (
          <Button key={label} size="sm" variant={variant} onClick={onClick}>
            <Icon name={icon} className="me-1" />
            {label}
          </Button>
        ))}
    </div>
  );
}

interface CommentAction {
  shown: boolean;
  label: string;
  icon: string;
  variant: string;
  onClick: () => void;
}
