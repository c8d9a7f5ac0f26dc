/**
 * The profile's Delete my account card: what deleting the account changes, counted for this person, then a dialog that
 * asks for the word DELETE before DELETE /profile/account. A wrong word comes back as the field's error, with the
 * dialog still open and what was typed still there; a refused person sees why instead of the button.
 */
import { useId, useState, type FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { DELETE_ACCOUNT_CONFIRMATION_MAX, DELETE_ACCOUNT_TEXTS, DELETE_ACCOUNT_URL, type AccountDeletionSection } from '../../shared/account-deletion';
import FormTextField from '../forms/FormTextField';
import Dialog from '../lib/Dialog';
import DeletionImpact from '../users/DeletionImpact';

export default function DeleteAccount({ impact, retentionDays, refusal }: AccountDeletionSection) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const form = useForm({ confirmation: '' });
  const start = () => {
    form.reset();
    form.clearErrors();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.delete(DELETE_ACCOUNT_URL, { preserveScroll: true, preserveState: true });
  };
  return (
    <section className="card mb-3 border-danger-subtle" aria-labelledby={`${id}-heading`}>
      <div className="card-body">
        <h2 id={`${id}-heading`} className="card-title h5">
          {DELETE_ACCOUNT_TEXTS.title}
        </h2>
        <p>{DELETE_ACCOUNT_TEXTS.intro(retentionDays)}</p>
        <DeletionImpact impact={impact} label={DELETE_ACCOUNT_TEXTS.title} />
        <p className="small text-body-secondary">{DELETE_ACCOUNT_TEXTS.afterwards}</p>
        {refusal ? (
          <p className="small text-body-secondary mb-0">{refusal}</p>
        ) : (
          <Button variant="outline-danger" size="sm" onClick={() => setOpen(true)}>
            {DELETE_ACCOUNT_TEXTS.open}
          </Button>
        )}
      </div>
      <Dialog show={open && refusal === null} onHide={() => setOpen(false)} onEnter={start} aria-labelledby={`${id}-title`}>
        <Dialog.Header closeButton>
          <Dialog.Title id={`${id}-title`}>{DELETE_ACCOUNT_TEXTS.dialogTitle}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <p>{DELETE_ACCOUNT_TEXTS.intro(retentionDays)}</p>
          <DeletionImpact impact={impact} label={DELETE_ACCOUNT_TEXTS.dialogTitle} />
          <Form id={`${id}-form`} onSubmit={submit} noValidate>
            <FormTextField
              controlId={`${id}-confirmation`}
              label={DELETE_ACCOUNT_TEXTS.confirmLabel}
              name="confirmation"
              value={form.data.confirmation}
              error={form.errors.confirmation}
              onChange={(value) => form.setData('confirmation', value)}
              autoComplete="off"
              maxLength={DELETE_ACCOUNT_CONFIRMATION_MAX}
              required
              className=""
            />
          </Form>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} variant="danger" disabled={form.processing}>
            {form.processing ? '...' : DELETE_ACCOUNT_TEXTS.submit}
          </Button>
        </Dialog.Footer>
      </Dialog>
    </section>
  );
}
