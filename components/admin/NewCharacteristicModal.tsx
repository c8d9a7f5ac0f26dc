import Form from 'react-bootstrap/Form';
import { FieldError, invalidIf } from '../forms/field-error';
import { CHARACTERISTIC_TEXTS, CHARACTERISTIC_TITLE_MAX, CHARACTERISTIC_USAGE_NOTE_MAX, NEW_CHARACTERISTIC_TITLE } from '../../shared/admin';
import { ADMIN_CHARACTERISTICS_URL } from '../../shared/navigation';
import FormTextField from '../forms/FormTextField';
import CreateDialog, { useCreateForm } from '../forms/CreateDialog';
import FormCheckField from '../forms/FormCheckField';

interface NewCharacteristicModalProps {
  show: boolean;
  onHide: () => void;
  /** The server's format map, key → label, in its order. */
  formats: Record<string, string>;
}

interface NewCharacteristicForm {
  title: string;
  usage_note: string;
  format: string;
  public: boolean;
  [key: string]: string | boolean;
}

/** 'New Characteristic': posts /admin/characteristic; errors show under the fields, and it closes only without them. */
export default function NewCharacteristicModal({ show, onHide, formats }: NewCharacteristicModalProps) {
  const formatKeys = Object.keys(formats);
  // Text empty, checkbox off, select on its first option each time it opens.
  const initialValues = (): NewCharacteristicForm => ({ title: '', usage_note: '', format: formatKeys[0] ?? '', public: false });
  const { form, formId, reset, submit } = useCreateForm(initialValues, ADMIN_CHARACTERISTICS_URL, onHide);
  return (
    <CreateDialog show={show} onHide={onHide} title={NEW_CHARACTERISTIC_TITLE} formId={formId} processing={form.processing} reset={reset} submit={submit}>
      <FormTextField
        controlId={`${formId}-name`}
        label={CHARACTERISTIC_TEXTS.title}
        name="title"
        value={form.data.title}
        error={form.errors.title}
        onChange={(value) => form.setData('title', value)}
        maxLength={CHARACTERISTIC_TITLE_MAX}
      />
      <FormTextField
        controlId={`${formId}-usage-note`}
        label={CHARACTERISTIC_TEXTS.usageNote}
        name="usage_note"
        value={form.data.usage_note}
        error={form.errors.usage_note}
        onChange={(value) => form.setData('usage_note', value)}
        rows={3}
        maxLength={CHARACTERISTIC_USAGE_NOTE_MAX}
      />
      <Form.Group className="mb-3" controlId={`${formId}-format`}>
        <Form.Label>{CHARACTERISTIC_TEXTS.format}</Form.Label>
        <Form.Select
          name="format"
          value={form.data.format}
          {...invalidIf(form.errors.format, `${formId}-format-error`)}
          onChange={(event) => form.setData('format', event.target.value)}
        >
          {formatKeys.map((key) => (
            <option key={key} value={key}>
              {formats[key]}
            </option>
          ))}
        </Form.Select>
        <FieldError id={`${formId}-format-error`} error={form.errors.format} />
      </Form.Group>
      <FormCheckField
        controlId={`${formId}-public`}
        label={CHARACTERISTIC_TEXTS.public}
        name="public"
        checked={form.data.public}
        error={form.errors.public}
        onChange={(checked) => form.setData('public', checked)}
        help={CHARACTERISTIC_TEXTS.publicHelp}
      />
    </CreateDialog>
  );
}
