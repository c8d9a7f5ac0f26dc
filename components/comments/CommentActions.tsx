import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { COMMENT_CONFIRM, type Comment } from '../../shared/comments';
import { ROUTES } from '../../shared/routes';
import Icon from '../lib/Icon';
import { onDemandDialog } from '../lib/on-demand';
import { deleteKeepingScroll } from '../lib/visits';
import './comments.css';

// Loaded when first opened: few readers flag a comment.
const FlagCommentDialog = onDemandDialog(() => import('./FlagCommentDialog'));

interface CommentActionsProps {
  comment: Comment;
  /** The props a call reloads: the page's own part that holds the comments. */
  reloadOnly: string[];
  /** The comment's editor is open: Edit is not offered again. */
  editing: boolean;
  onEdit: () => void;
}

/**
 * A comment's buttons, only those its can_* flags allow: someone who may flag but not edit or delete sees Flag alone.
 * Each asks first (the prompts of shared/comments.ts); Flag's prompt is the flag dialog, which also asks why.
 */
export default function CommentActions({ comment, reloadOnly, editing, onEdit }: CommentActionsProps) {
  const [flagging, setFlagging] = useState(false);
  const options = { only: reloadOnly };
  const ask = (prompt: string, call: () => void) => window.confirm(prompt) && call();
  const approve = () => ask(COMMENT_CONFIRM.approve, () => deleteKeepingScroll(ROUTES.commentFlag.path({ ref: comment.ref }), options));
  const remove = () => ask(COMMENT_CONFIRM.delete, () => deleteKeepingScroll(ROUTES.comment.path({ ref: comment.ref }), options));

  const { can_flag, can_update, can_delete, can_approve } = comment;
  const actions: CommentAction[] = [
    { shown: can_flag, label: 'Flag', icon: 'bi-flag', variant: 'flag', onClick: () => setFlagging(true) },
    { shown: can_approve, label: 'Approve', icon: 'bi-check-lg', variant: 'outline-success', onClick: approve },
    { shown: can_update && !editing, label: 'Edit', icon: 'bi-pencil', variant: 'outline-secondary', onClick: onEdit },
    { shown: can_delete, label: 'Delete', icon: 'bi-trash', variant: 'outline-danger', onClick: remove },
  ];
  return (
    <>
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
      {can_flag && <FlagCommentDialog comment={comment} show={flagging} onHide={() => setFlagging(false)} reloadOnly={reloadOnly} />}
    </>
  );
}

interface CommentAction {
  shown: boolean;
  label: string;
  icon: string;
  variant: string;
  onClick: () => void;
}
