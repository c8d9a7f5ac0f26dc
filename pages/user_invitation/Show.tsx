import { useId, type FormEvent } from 'react';
import { Head, router, useForm } from '@inertiajs/react';
import Notice from '../../components/lib/Notice';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { PageProps } from '../../shared/pages';
import InvitationStateBadge from '../../components/invitations/InvitationStateBadge';
import { useDates } from '../../components/lib/useDates';
import { ROUTES } from '../../shared/routes';

const DELETE_CONFIRM = 'Are you sure you want to delete this invitation? Its link will stop working.';

/** /user_invitation/{ref}: the invitation, its link, who it was sent to, and sending it to more addresses. */
export default function UserInvitationShow({ invitation, canSend, canRegenerate }: PageProps<'user_invitation/Show'>) {
  const dates = useDates();
  const form = useForm({ addresses: '' });
  const formId = useId();
  const url = ROUTES.userInvitation.path({ ref: invitation.ref });

  const send = (event: FormEvent) => {
    event.preventDefault();
    form.post(url, { preserveScroll: true, onSuccess: () => form.reset() });
  };
  const regenerate = () => router.patch(url);
  const remove = () => {
    if (window.confirm(DELETE_CONFIRM)) router.delete(url);
  };

  return (
    <>
      <Head title={`Invitation: ${invitation.user_type.title}`} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">
          Invitation: {invitation.user_type.title} <InvitationStateBadge state={invitation.state} />
        </h1>
        {canRegenerate && (
          <Button variant="outline-primary" onClick={regenerate}>
            Regenerate
          </Button>
        )}
        <Button variant="outline-danger" onClick={remove}>
          Delete
        </Button>
      </div>
      <dl className="row">
        <dt className="col-sm-3">User type</dt>
        <dd className="col-sm-9">
          {invitation.user_type.title} (level {invitation.user_type.level})
        </dd>
        <dt className="col-sm-3">Reference note</dt>
        <dd className="col-sm-9">{invitation.note_to_self || '—'}</dd>
        <dt className="col-sm-3">Created</dt>
        <dd className="col-sm-9">
          {dates.day(invitation.created_at)}
          {invitation.created_by && <> by {invitation.created_by}</>}
        </dd>
        <dt className="col-sm-3">{invitation.expired ? 'Expired' : 'Expires'}</dt>
        <dd className="col-sm-9">
          {dates.day(invitation.expires_at)} ({invitation.expires_in})
        </dd>
        {invitation.accepted_by && (
          <>
            <dt className="col-sm-3">Accepted by</dt>
            <dd className="col-sm-9">
              {invitation.accepted_by}
              {invitation.accepted_at && <> on {dates.day(invitation.accepted_at)}</>}
            </dd>
          </>
        )}
        {invitation.declined_at && (
          <>
            <dt className="col-sm-3">Declined by</dt>
            <dd className="col-sm-9">
              {invitation.declined_by ?? 'a recipient'} on {dates.day(invitation.declined_at)}
            </dd>
          </>
        )}
        <dt className="col-sm-3">Sent to</dt>
        <dd className="col-sm-9">{invitation.sent_to.length > 0 ? invitation.sent_to.join(', ') : 'Nobody yet'}</dd>
        {invitation.accept_link && (
          <>
            <dt className="col-sm-3">Accept link</dt>
            <dd className="col-sm-9">
              <Form.Control readOnly value={invitation.accept_link} aria-label="Accept link" onFocus={(event) => event.target.select()} />
              <Form.Text>Works once, for whoever opens it first.</Form.Text>
            </dd>
          </>
        )}
      </dl>
      {canSend && (
        <Form id={formId} onSubmit={send} noValidate>
          <Form.Group className="mb-3" controlId={`${formId}-addresses`}>
            <Form.Label>E-mail addresses, one per line</Form.Label>
            <Form.Control
              as="textarea"
              rows={5}
              name="addresses"
              value={form.data.addresses}
              onChange={(event) => form.setData('addresses', event.target.value)}
            />
          </Form.Group>
          {form.errors.addresses && <Notice variant="danger">{form.errors.addresses}</Notice>}
          <Button type="submit" variant="primary" disabled={form.processing}>
            {form.processing ? '...' : 'Send Invitation'}
          </Button>
        </Form>
      )}
    </>
  );
}
