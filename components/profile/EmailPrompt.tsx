import { PROFILE_EMAIL_URL, PROFILE_TEXT } from '../../shared/profile';
import CreateDialog, { useCreateForm } from '../forms/CreateDialog';
import FormTextField from '../forms/FormTextField';

interface EmailPromptProps {
  show: boolean;
  onHide: () => void;
  /** The address on the profile now, to start from; null when missing. */
  current: string | null;
}

/**
 * The profile's e-mail prompt (an address is required for notifications and sharing; it opens when missing):
 * posts /profile/email, which sends a verification e-mail; errors show under the field and the prompt stays open.
 */
export default function EmailPrompt({ show, onHide, current }: EmailPromptProps) {
  const { form, formId, reset, submit } = useCreateForm(() => ({ email: current ?? '' }), PROFILE_EMAIL_URL, onHide, {
    preserveScroll: true,
    preserveState: true,
  });

  return (
    <CreateDialog
      show={show}
      onHide={onHide}
      title={current ? PROFILE_TEXT.changeEmail : PROFILE_TEXT.setEmail}
      formId={formId}
      processing={form.processing}
      reset={reset}
      submit={submit}
      submitLabel={PROFILE_TEXT.saveEmail}
      intro={<p>{PROFILE_TEXT.emailRequired}</p>}
    >
      <FormTextField
        controlId={`${formId}-email`}
        label={PROFILE_TEXT.emailLabel}
        name="email"
        type="email"
        autoComplete="email"
        autoFocus
        required
        maxLength={320}
        value={form.data.email}
        error={form.errors.email}
        onChange={(value) => form.setData('email', value)}
        className=""
      />
    </CreateDialog>
  );
}
