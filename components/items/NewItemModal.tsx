import type { Taxonomy } from '../../shared/items';
import CreateDialog, { useCreateForm } from '../forms/CreateDialog';
import FormSelectField from '../forms/FormSelectField';
import FormTextField from '../forms/FormTextField';

interface NewItemModalProps {
  show: boolean;
  onHide: () => void;
  requiredTaxonomies: Taxonomy[];
}

type NewItemForm = Record<string, string>;

const taxonomyField = (taxonomy: Taxonomy) => `taxonomy-${taxonomy.ref}`;

/** Empty text and each select on its first option, each time it opens. */
function initialValues(requiredTaxonomies: Taxonomy[]): NewItemForm {
  const values: NewItemForm = { title: '', topic: '' };
  for (const taxonomy of requiredTaxonomies) values[taxonomyField(taxonomy)] = taxonomy.tags[0]?.ref ?? '';
  return values;
}

/** The New Item form: posts /i; the server opens the new item, or its errors show under the fields. */
export default function NewItemModal({ show, onHide, requiredTaxonomies }: NewItemModalProps) {
  // onSuccess runs only when the answer carries no errors: only then may the dialog close.
  const { form, formId, reset, submit } = useCreateForm<NewItemForm>(() => initialValues(requiredTaxonomies), '/i', onHide);
  const setField = (name: string) => (value: string) => form.setData(name, value);

  return (
    <CreateDialog show={show} onHide={onHide} title="New Item" formId={formId} processing={form.processing} reset={reset} submit={submit}>
      <FormTextField
        controlId={`${formId}-field-title`}
        label="Title"
        name="title"
        value={form.data.title ?? ''}
        error={form.errors.title}
        onChange={setField('title')}
        maxLength={255}
        required
      />
      <FormTextField
        controlId={`${formId}-field-topic`}
        label="Topic"
        name="topic"
        value={form.data.topic ?? ''}
        error={form.errors.topic}
        onChange={setField('topic')}
        maxLength={255}
      />
      {requiredTaxonomies.map((taxonomy) => {
        const name = taxonomyField(taxonomy);
        return (
          <FormSelectField
            key={taxonomy.ref}
            controlId={`${formId}-${name}`}
            label={taxonomy.title}
            name={name}
            value={form.data[name] ?? ''}
            error={form.errors[name]}
            onChange={setField(name)}
            help={taxonomy.usage_note}
          >
            {taxonomy.tags.map((tag) => (
              <option key={tag.ref} value={tag.ref}>
                {tag.fullLabel}
              </option>
            ))}
          </FormSelectField>
        );
      })}
    </CreateDialog>
  );
}
