import Form from 'react-bootstrap/Form';
import { FieldError, invalidIf } from '../forms/field-error';
import { NEW_TAG_TITLE, TAG_LABEL_MAX, TAXONOMY_TEXTS, type AdminTag } from '../../shared/taxonomies-admin';
import FormTextField from '../forms/FormTextField';
import CreateDialog, { useCreateForm } from '../forms/CreateDialog';
import { ROUTES } from '../../shared/routes';

interface NewTagModalProps {
  show: boolean;
  onHide: () => void;
  taxonomyRef: string;
  /** The taxonomy's tags, offered as the parent. */
  tags: AdminTag[];
}

interface NewTagForm {
  label: string;
  parent_ref: string;
  [key: string]: string;
}

const initialValues = (): NewTagForm => ({ label: '', parent_ref: '' });

/** The 'New Tag' dialog: label and an optional parent; errors under label and parent_ref. */
export default function NewTagModal({ show, onHide, taxonomyRef, tags }: NewTagModalProps) {
  const { form, formId, reset, submit } = useCreateForm(initialValues, () => ROUTES.adminTaxonomyTag.path({ ref: taxonomyRef }), onHide);
  return (
    <CreateDialog show={show} onHide={onHide} title={NEW_TAG_TITLE} formId={formId} processing={form.processing} reset={reset} submit={submit}>
      <FormTextField
        controlId={`${formId}-label`}
        label={TAXONOMY_TEXTS.label}
        name="label"
        value={form.data.label}
        error={form.errors.label}
        onChange={(value) => form.setData('label', value)}
        maxLength={TAG_LABEL_MAX}
      />
      <Form.Group controlId={`${formId}-parent`}>
        <Form.Label>{TAXONOMY_TEXTS.parent}</Form.Label>
        <Form.Select
          name="parent_ref"
          value={form.data.parent_ref}
          {...invalidIf(form.errors.parent_ref, `${formId}-parent-error`)}
          onChange={(event) => form.setData('parent_ref', event.target.value)}
        >
          <option value="">{TAXONOMY_TEXTS.noParent}</option>
          {tags.map((tag) => (
            <option key={tag.ref} value={tag.ref}>
              {tag.fullLabel}
            </option>
          ))}
        </Form.Select>
        <FieldError id={`${formId}-parent-error`} error={form.errors.parent_ref} />
      </Form.Group>
    </CreateDialog>
  );
}
