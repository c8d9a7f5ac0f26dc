import { AFFIRMATION_TEXTS, AFFIRMATION_TITLE_MAX, NEW_AFFIRMATION_TITLE } from '../../shared/admin';
import { ADMIN_AFFIRMATIONS_URL } from '../../shared/navigation';
import FormTextField from '../forms/FormTextField';
import CreateDialog, { useCreateForm } from '../forms/CreateDialog';
import FormCheckField from '../forms/FormCheckField';
import NegativeHelp from './NegativeHelp';

interface NewAffirmationModalProps {
  show: boolean;
  onHide: () => void;
}

interface NewAffirmationForm {
  title: string;
  is_negative: boolean;
  [key: string]: string | boolean;
}

/** Text empty and the checkbox off each time it opens. */
const initialValues = (): NewAffirmationForm => ({ title: '', is_negative: false });

/** 'New Affirmation': title and 'Negative?'; posts /admin/affirmation. */
export default function NewAffirmationModal({ show, onHide }: NewAffirmationModalProps) {
  const { form, formId, reset, submit } = useCreateForm(initialValues, ADMIN_AFFIRMATIONS_URL, onHide);
  return (
    <CreateDialog show={show} onHide={onHide} title={NEW_AFFIRMATION_TITLE} formId={formId} processing={form.processing} reset={reset} submit={submit}>
      <FormTextField
        controlId={`${formId}-name`}
        label={AFFIRMATION_TEXTS.title}
        name="title"
        value={form.data.title}
        error={form.errors.title}
        onChange={(value) => form.setData('title', value)}
        maxLength={AFFIRMATION_TITLE_MAX}
      />
      <FormCheckField
        controlId={`${formId}-negative`}
        label={AFFIRMATION_TEXTS.negative}
        name="is_negative"
        checked={form.data.is_negative}
        error={form.errors.is_negative}
        onChange={(checked) => form.setData('is_negative', checked)}
        help={<NegativeHelp negative={form.data.is_negative} />}
      />
    </CreateDialog>
  );
}
