import { router } from '@inertiajs/react';
import Button from 'react-bootstrap/Button';
import { FLAG_COMMENTS_CONFIRM, IMPERSONATE_CONFIRM } from '../../shared/users';
import type { CanFlags } from '../../shared/props';
import { deleteKeepingScroll, postKeepingScroll } from '../lib/visits';
import { ROUTES } from '../../shared/routes';
import Icon from '../lib/Icon';

/**
 * The user area's actions: impersonate, flag all unapproved comments, delete; each confirmed
 * first, and each offered only when the user page's `can` flag for it is true.
 */
interface UserActionsProps {
  userRef: string;
  can: Pick<CanFlags, 'impersonate' | 'flag_comments' | 'delete'>;
  /** Delete's question, with what deleting the person changes (`deleteUserConfirm`). */
  deleteQuestion: string;
}

export default function UserActions({ userRef, can, deleteQuestion }: UserActionsProps) {
  const confirmed = (question: string, action: () => void) => () => {
    if (confirm(question)) action();
  };
  return (
    <div className="d-flex flex-wrap gap-2">
      {can.impersonate && (
        <Button variant="outline-primary" size="sm" onClick={confirmed(IMPERSONATE_CONFIRM, () => router.post(ROUTES.userImpersonate.path({ ref: userRef })))}>
          <Icon name="bi-person-badge" className="me-1" />
          Log in as this user
        </Button>
      )}
      {can.flag_comments && (
        <Button
          variant="outline-warning"
          size="sm"
          onClick={confirmed(FLAG_COMMENTS_CONFIRM, () => postKeepingScroll(ROUTES.userFlagAllUnapprovedComments.path({ ref: userRef })))}
        >
          <Icon name="bi-flag" className="me-1" />
          Flag all unapproved comments
        </Button>
      )}
      {can.delete && (
        <Button variant="outline-danger" size="sm" onClick={confirmed(deleteQuestion, () => deleteKeepingScroll(ROUTES.user.path({ ref: userRef })))}>
          <Icon name="bi-trash" className="me-1" />
          Delete
        </Button>
      )}
    </div>
  );
}
