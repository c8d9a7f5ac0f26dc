import Form from 'react-bootstrap/Form';
import { ELEVATE_USERS_TITLE, INVITATION_NOTE_MAX, type InvitationUserType } from '../../shared/invitations';
import CreateDialog, { useCreateForm } from '../forms/CreateDialog';
import FormSelectField from '../forms/FormSelectField';
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
  // No preserveScroll: the answer opens the new invitation's page at its top.
  const { form, formId, reset, submit } = useCreateForm<CreateInvitationForm>(() => initialValues(userTypes), '/user_invitation', onHide, {});
  const chosen = userTypes.find((type) => String(type.id) === form.data.user_type_id);

  return (
    <CreateDialog
      show={show}
      onHide={onHide}
      title={ELEVATE_USERS_TITLE}
      formId={formId}
      processing={form.processing}
      reset={reset}
      submit={submit}
      submitLabel="Create"
      submitDisabled={userTypes.length === 0}
    >
      <FormSelectField
        controlId={`${formId}-type`}
        label="User type"
        name="user_type_id"
        value={form.data.user_type_id}
        error={form.errors.user_type_id}
        onChange={(value) => form.setData('user_type_id', value)}
        help={chosen?.description}
      >
        {userTypes.map((type) => (
          <option key={type.id} value={type.id}>
            {type.title} (level {type.level})
          </option>
        ))}
      </FormSelectField>
      <FormTextField
        controlId={`${formId}-note`}
        label="Reference note"
        name="note_to_self"
        value={form.data.note_to_self}
        error={form.errors.note_to_self}
        onChange={(value) => form.setData('note_to_self', value)}
        maxLength={INVITATION_NOTE_MAX}
      >
        <Form.Text>Only you and admins see it: who the invitation is for, and why.</Form.Text>
      </FormTextField>
    </CreateDialog>
  );
}
