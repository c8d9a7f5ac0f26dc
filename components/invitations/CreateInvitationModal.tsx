import { useId, type FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { ELEVATE_USERS_TITLE, INVITATION_NOTE_MAX, type InvitationUserType } from '../../shared/invitations';
import ModalFormFooter from '../forms/ModalFormFooter';
import FormTextField from '../forms/FormTextField';

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
          <FormTextField controlId={`${formId}-note`} label="Reference note" name="note_to_self" value={form.data.note_to_self} error={form.errors.note_to_self} onChange={(value) => form.setData('note_to_self', value)} maxLength={INVITATION_NOTE_MAX}>
            <Form.Text>Only you and admins see it: who the invitation is for, and why.</Form.Text>
          </FormTextField>
        </Form>
      </Modal.Body>
      <ModalFormFooter formId={formId} processing={form.processing} onCancel={onHide} submitLabel="Create" disabled={userTypes.length === 0} />
    </Modal>
  );
}
