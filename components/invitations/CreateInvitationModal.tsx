import { useId, type FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { ELEVATE_USERS_TITLE, INVITATION_NOTE_MAX, type InvitationUserType } from '../../shared/invitations';

interface CreateInvitationModalProps {
  show: boolean;
  onHide: () => void;
  /** The types the server lets this viewer invite to (at or below their level). */
  userTypes: InvitationUserType[];
}

interface CreateInvitationForm {
  user_type_id: string;
  note_to_self: string;
  [key: string]: string;
}

const initialValues = (userTypes: InvitationUserType[]): CreateInvitationForm => ({ user_type_id: String(userTypes[0]?.id ?? ''), note_to_self: '' });

/** The 'Elevate user(s)' dialog: posts /user_invitation; the server opens the new invitation, or errors show under the fields. */
export default function CreateInvitationModal({ show, onHide, userTypes }: CreateInvitationModalProps) {
  const form = useForm<CreateInvitationForm>(initialValues(userTypes));
  const formId = useId();
  const chosen = userTypes.find((type) => String(type.id) === form.data.user_type_id);

  const resetForm = () => {
    form.setData(initialValues(userTypes));
    form.clearErrors();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post('/user_invitation', { onSuccess: onHide });
  };

  return (
    <Modal show={show} onHide={onHide} onEnter={resetForm} aria-labelledby={`${formId}-title`}>
      <Modal.Header closeButton>
        <Modal.Title id={`${formId}-title`}>{ELEVATE_USERS_TITLE}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form id={formId} onSubmit={submit} noValidate>
          <Form.Group className="mb-3" controlId={`${formId}-type`}>
            <Form.Label>User type</Form.Label>
            <Form.Select
              name="user_type_id"
              value={form.data.user_type_id}
              isInvalid={Boolean(form.errors.user_type_id)}
              onChange={(event) => form.setData('user_type_id', event.target.value)}
            >
              {userTypes.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.title} (level {type.level})
                </option>
              ))}
            </Form.Select>
            {chosen?.description && <Form.Text>{chosen.description}</Form.Text>}
            <Form.Control.Feedback type="invalid">{form.errors.user_type_id}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId={`${formId}-note`}>
            <Form.Label>Reference note</Form.Label>
            <Form.Control
              name="note_to_self"
              value={form.data.note_to_self}
              maxLength={INVITATION_NOTE_MAX}
              isInvalid={Boolean(form.errors.note_to_self)}
              onChange={(event) => form.setData('note_to_self', event.target.value)}
            />
            <Form.Text>Only you and admins see it: who the invitation is for, and why.</Form.Text>
            <Form.Control.Feedback type="invalid">{form.errors.note_to_self}</Form.Control.Feedback>
          </Form.Group>
        </Form>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="primary" disabled={form.processing || userTypes.length === 0}>
          {form.processing ? '...' : 'Create'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
