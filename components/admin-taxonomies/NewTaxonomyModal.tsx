import { NEW_TAXONOMY_TITLE, TAXONOMY_FIELD_LABELS, TAXONOMY_FLAG_FIELDS, TAXONOMY_TITLE_MAX, TAXONOMY_USAGE_NOTE_MAX } from '../../shared/taxonomies-admin';
import { ADMIN_TAXONOMIES_URL } from '../../shared/navigation';
import FormTextField from '../forms/FormTextField';
import CreateDialog, { useCreateForm } from '../forms/CreateDialog';
import FormCheckField from '../forms/FormCheckField';

interface NewTaxonomyModalProps {
  show: boolean;
  onHide: () => void;
}

interface NewTaxonomyForm {
  title: string;
  usage_note: string;
  required: boolean;
  multiselect: boolean;
  public: boolean;
  show_in_filtering: boolean;
  [key: string]: string | boolean;
}

/** Text empty and every checkbox off each time it opens. */
const initialValues = (): NewTaxonomyForm => ({ title: '', usage_note: '', required: false, multiselect: false, public: false, show_in_filtering: false });

/** The 'New Taxonomy' dialog: posts /admin/taxonomy; the server opens the new taxonomy. */
export default function NewTaxonomyModal({ show, onHide }: NewTaxonomyModalProps) {
  const { form, formId, reset, submit } = useCreateForm(initialValues, ADMIN_TAXONOMIES_URL, onHide);
  return (
    <CreateDialog show={show} onHide={onHide} title={NEW_TAXONOMY_TITLE} formId={formId} processing={form.processing} reset={reset} submit={submit}>
      <FormTextField
        controlId={`${formId}-name`}
        label={TAXONOMY_FIELD_LABELS.title}
        name="title"
        value={form.data.title}
        error={form.errors.title}
        onChange={(value) => form.setData('title', value)}
        maxLength={TAXONOMY_TITLE_MAX}
      />
      <FormTextField
        controlId={`${formId}-usage`}
        label={TAXONOMY_FIELD_LABELS.usage_note}
        name="usage_note"
        value={form.data.usage_note}
        error={form.errors.usage_note}
        onChange={(value) => form.setData('usage_note', value)}
        rows={3}
        maxLength={TAXONOMY_USAGE_NOTE_MAX}
      />
      {TAXONOMY_FLAG_FIELDS.map((field) => (
        <FormCheckField
          key={field}
          controlId={`${formId}-${field}`}
          label={TAXONOMY_FIELD_LABELS[field]}
          name={field}
          checked={form.data[field]}
          error={form.errors[field]}
          onChange={(checked) => form.setData(field, checked)}
        />
      ))}
    </CreateDialog>
  );
}
