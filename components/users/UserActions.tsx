import { useId, useState } from 'react';
import { router } from '@inertiajs/react';
import Button from 'react-bootstrap/Button';
import { DELETE_ACCOUNT_TEXTS, type AccountDeletionSummary } from '../../shared/account-deletion';
import { FLAG_COMMENTS_CONFIRM, IMPERSONATE_CONFIRM } from '../../shared/users';
import type { CanFlags } from '../../shared/props';
import { deleteKeepingScroll, postKeepingScroll } from '../lib/visits';
import { ROUTES } from '../../shared/routes';
import Dialog from '../lib/Dialog';
import Icon from '../lib/Icon';
import DeletionImpact from './DeletionImpact';

/**
 * The user area's actions: impersonate, flag all unapproved comments, delete; each confirmed
 * first, and each offered only when the user page's `can` flag for it is true. Delete's dialog says what deleting the
 * person changes, as their own Delete my account would.
 */
interface UserActionsProps {
  userRef: string;
  userName: string;
  can: Pick<CanFlags, 'impersonate' | 'flag_comments' | 'delete'>;
  /** What deleting the person changes; null for those who may not. */
  deletion: AccountDeletionSummary | null;
}

export default function UserActions({ userRef, userName, can, deletion }: UserActionsProps) {
  const id = useId();
  const [deleting, setDeleting] = useState(false);
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
      {can.delete && deletion && (
        <>
          <Button variant="outline-danger" size="sm" onClick={() => setDeleting(true)}>
            <Icon name="bi-trash" className="me-1" />
            Delete
          </Button>
          <Dialog show={deleting} onHide={() => setDeleting(false)} aria-labelledby={`${id}-title`}>
            <Dialog.Header closeButton>
              <Dialog.Title id={`${id}-title`}>{DELETE_ACCOUNT_TEXTS.adminTitle(userName)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <p>{DELETE_ACCOUNT_TEXTS.adminIntro(deletion.retentionDays)}</p>
              <DeletionImpact impact={deletion.impact} label={DELETE_ACCOUNT_TEXTS.adminTitle(userName)} />
              <p className="small text-body-secondary mb-0">{DELETE_ACCOUNT_TEXTS.afterwards}</p>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="secondary" onClick={() => setDeleting(false)}>
                Cancel
              </Button>
              <Button
                variant="danger"
                onClick={() => {
                  setDeleting(false);
                  deleteKeepingScroll(ROUTES.user.path({ ref: userRef }));
                }}
              >
                {DELETE_ACCOUNT_TEXTS.adminSubmit}
              </Button>
            </Dialog.Footer>
          </Dialog>
        </>
      )}
    </div>
  );
}
