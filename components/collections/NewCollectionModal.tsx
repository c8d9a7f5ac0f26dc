import { COLLECTION_DESCRIPTION_MAX, COLLECTION_TEXTS, COLLECTION_TITLE_MAX, NEW_COLLECTION_TITLE } from '../../shared/collections';
import FormTextField from '../forms/FormTextField';
import CreateDialog, { useCreateForm } from '../forms/CreateDialog';
import FormCheckField from '../forms/FormCheckField';

interface NewCollectionModalProps {
  show: boolean;
  onHide: () => void;
}

interface NewCollectionForm {
  title: string;
  description: string;
  public: boolean;
  [key: string]: string | boolean;
}

/** Text empty and the checkbox off each time it opens. */
const initialValues = (): NewCollectionForm => ({ title: '', description: '', public: false });

/** The 'New Collection' dialog: posts /collection; the server opens the new collection, or errors show under the fields. */
export default function NewCollectionModal({ show, onHide }: NewCollectionModalProps) {
  const { form, formId, reset, submit } = useCreateForm(initialValues, '/collection', onHide);
  return (
    <CreateDialog show={show} onHide={onHide} title={NEW_COLLECTION_TITLE} formId={formId} processing={form.processing} reset={reset} submit={submit}>
      <FormTextField
        controlId={`${formId}-name`}
        label="Title"
        name="title"
        value={form.data.title}
        error={form.errors.title}
        onChange={(value) => form.setData('title', value)}
        maxLength={COLLECTION_TITLE_MAX}
      />
      <FormTextField
        controlId={`${formId}-description`}
        label="Description"
        name="description"
        value={form.data.description}
        error={form.errors.description}
        onChange={(value) => form.setData('description', value)}
        rows={3}
        maxLength={COLLECTION_DESCRIPTION_MAX}
      />
      <FormCheckField
        controlId={`${formId}-public`}
        label={COLLECTION_TEXTS.public}
        name="public"
        checked={form.data.public}
        error={form.errors.public}
        onChange={(checked) => form.setData('public', checked)}
        help={COLLECTION_TEXTS.publicHelp}
      />
    </CreateDialog>
  );
}
