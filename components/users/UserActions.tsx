import { router } from '@inertiajs/react';
import Button from 'react-bootstrap/Button';
import {
  DELETE_USER_CONFIRM,
  FLAG_COMMENTS_CONFIRM,
  IMPERSONATE_CONFIRM,
  flagAllUnapprovedCommentsUrl,
  impersonateUrl,
  userUrl,
  type UserPermissions,
} from '../../shared/users';
import { deleteKeepingScroll, postKeepingScroll } from '../lib/visits';

/** The user area's actions (member-library §6): impersonate, flag all unapproved comments, delete; each confirmed first. */
export default function UserActions({ userRef, permissions }: { userRef: string; permissions: UserPermissions }) {
  const confirmed = (question: string, action: () => void) => () => {
    if (confirm(question)) action();
  };
  return (
    <div className="d-flex flex-wrap gap-2">
      {permissions.impersonate && (
        <Button variant="outline-primary" size="sm" onClick={confirmed(IMPERSONATE_CONFIRM, () => router.post(impersonateUrl(userRef)))}>
          <i className="bi bi-person-badge me-1" aria-hidden="true" />
          Log in as this user
        </Button>
      )}
      {permissions.flagComments && (
        <Button variant="outline-warning" size="sm" onClick={confirmed(FLAG_COMMENTS_CONFIRM, () => postKeepingScroll(flagAllUnapprovedCommentsUrl(userRef)))}>
          <i className="bi bi-flag me-1" aria-hidden="true" />
          Flag all unapproved comments
        </Button>
      )}
      {permissions.delete && (
        <Button variant="outline-danger" size="sm" onClick={confirmed(DELETE_USER_CONFIRM, () => deleteKeepingScroll(userUrl(userRef)))}>
          <i className="bi bi-trash me-1" aria-hidden="true" />
          Delete
        </Button>
      )}
    </div>
  );
}
