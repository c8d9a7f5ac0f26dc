import { useState } from 'react';
import { router, usePage } from '@inertiajs/react';
import Notice from '../lib/Notice';
import Button from 'react-bootstrap/Button';
import { IMPERSONATION_BANNER, STOP_IMPERSONATING_URL } from '../../shared/users';
import Icon from '../lib/Icon';

/** Shown on every page while acting as another user, with the way back to one's own account. */
export default function ImpersonationBanner() {
  const { auth } = usePage().props;
  const [returning, setReturning] = useState(false);
  if (!auth.impersonating || !auth.user) return null;
  const returnToOwnAccount = () => router.post(STOP_IMPERSONATING_URL, {}, { onStart: () => setReturning(true), onFinish: () => setReturning(false) });
  return (
    <Notice variant="info" className="d-flex flex-wrap align-items-center gap-2" role="status">
      <Icon name="bi-person-badge" />
      <span className="flex-grow-1">
        <strong>{IMPERSONATION_BANNER.actingAs(auth.user.name)}</strong>{' '}
        <span className="text-body-secondary">({IMPERSONATION_BANNER.signedInAs(auth.impersonating.name)})</span>
      </span>
      <Button variant="primary" size="sm" onClick={returnToOwnAccount} disabled={returning}>
        {IMPERSONATION_BANNER.returnButton}
      </Button>
    </Notice>
  );
}
