import { Head, router } from '@inertiajs/react';
import Notice from '../../components/lib/Notice';
import Button from 'react-bootstrap/Button';
import { asUserType, INVITATION_MESSAGES } from '../../shared/invitations';
import type { PageProps } from '../../shared/pages';
import { useDates } from '../../components/lib/useDates';

/** /invite/{token} and /invite: the invitation as its recipient sees it, to accept or decline. */
export default function InviteShow({ invitation, accept_link, current_user_type }: PageProps<'invite/Show'>) {
  const dates = useDates();
  const accept = () => {
    if (accept_link) router.post(accept_link);
  };
  const decline = () => router.delete('/invite');

  return (
    <>
      <Head title="Invitation" />
      <div className="card mx-auto" style={{ maxWidth: 640 }}>
        <div className="card-body">
          <h1 className="card-title h4">
            {invitation.from} invites you to become {asUserType(invitation.user_type.title)}
          </h1>
          {invitation.user_type.description && <p>{invitation.user_type.description}</p>}
          <p>
            {current_user_type ? `You are currently ${asUserType(current_user_type)}.` : 'You are currently signed in without a user type.'} Accepting changes
            your user type to {invitation.user_type.title}, level {invitation.user_type.level}. The invitation works once and expires on{' '}
            {dates.day(invitation.expires_at)} ({invitation.expires_in}).
          </p>
          {!accept_link && <Notice variant="info">{INVITATION_MESSAGES.acceptHint}</Notice>}
          <div className="d-flex gap-2">
            {accept_link && (
              <Button variant="primary" onClick={accept}>
                Accept Invitation
              </Button>
            )}
            <Button variant="outline-secondary" onClick={decline}>
              Decline
            </Button>
          </div>
        </div>
      </div>
    </>
  );
}
