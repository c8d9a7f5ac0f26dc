import { useState } from 'react';
import { Head } from '@inertiajs/react';
import Notice from '../../components/lib/Notice';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { ELEVATE_USERS_TITLE } from '../../shared/invitations';
import { EMPTY_STATES } from '../../shared/messages';
import type { PageProps } from '../../shared/pages';
import CreateInvitationModal from '../../components/invitations/CreateInvitationModal';
import InvitationStateBadge from '../../components/invitations/InvitationStateBadge';
import { useDates } from '../../components/lib/useDates';
import AppLink from '../../components/lib/AppLink';

/** /user_invitation, and /user_invitation/create with the 'Elevate user(s)' dialog open. */
export default function UserInvitationIndex({ invitations, userTypes, createOpen, auth }: PageProps<'user_invitation/Index'>) {
  const dates = useDates();
  const [creating, setCreating] = useState(createOpen);
  const showCreator = auth.admin;

  return (
    <>
      <Head title="User Invitations" />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">User Invitations</h1>
        <Button variant="primary" onClick={() => setCreating(true)}>
          {ELEVATE_USERS_TITLE}
        </Button>
      </div>
      {invitations.length === 0 ? (
        <Notice variant="info">{EMPTY_STATES.invitations}</Notice>
      ) : (
        <Table responsive hover size="sm">
          <thead>
            <tr>
              <th>User type</th>
              <th>Reference note</th>
              <th>Sent to</th>
              {showCreator && <th>Created by</th>}
              <th>Created</th>
              <th>Expires</th>
              <th>State</th>
            </tr>
          </thead>
          <tbody>
            {invitations.map((invitation) => (
              <tr key={invitation.ref}>
                <td>
                  <AppLink href={invitation.link}>{invitation.user_type.title}</AppLink>
                </td>
                <td>{invitation.note_to_self}</td>
                <td>{invitation.sent_to.join(', ')}</td>
                {showCreator && <td>{invitation.created_by}</td>}
                <td>{dates.day(invitation.created_at)}</td>
                <td title={dates.day(invitation.expires_at)}>{invitation.expires_in}</td>
                <td>
                  <InvitationStateBadge state={invitation.state} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <CreateInvitationModal show={creating} onHide={() => setCreating(false)} userTypes={userTypes} />
    </>
  );
}
