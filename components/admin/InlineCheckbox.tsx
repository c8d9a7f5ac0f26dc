import { useId, useState, type ReactNode } from 'react';
import { usePage } from '@inertiajs/react';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidIf } from '../forms/field-error';
import { fieldError } from '../inline-edit/inline-values';
import { patchKeepingScroll } from '../lib/visits';

interface InlineCheckboxProps {
  /** Name sent to the server (`{[field]: checked}`) and the key of its error in props.errors. */
  field: string;
  label: string;
  checked: boolean;
  /** When false the box shows the value but cannot be changed. */
  editable: boolean;
  /** Where the PATCH goes. */
  url: string;
  /** Shown under the box. */
  help?: ReactNode;
}

/**
 * A boolean edited in place, one field per PATCH: ticking or clearing the box saves
 * it at once; a server error shows under it.
 */
export default function InlineCheckbox({ field, label, checked, editable, url, help }: InlineCheckboxProps) {
  const { errors } = usePage().props;
  const [saving, setSaving] = useState(false);
  const [sent, setSent] = useState(false);
  const id = useId();
  const error = sent ? fieldError(errors, field) : null;

  const change = (next: boolean) => {
    setSent(true);
    setSaving(true);
    patchKeepingScroll(url, { [field]: next }, { onFinish: () => setSaving(false) });
  };

  return (
    <Form.Group controlId={id}>
      <Form.Check type="checkbox">
        <Form.Check.Input
          type="checkbox"
          name={field}
          checked={checked}
          disabled={!editable || saving}
          {...invalidIf(error, `${id}-error`)}
          onChange={(event) => change(event.target.checked)}
        />
        <Form.Check.Label>{label}</Form.Check.Label>
        <FieldError id={`${id}-error`} error={error} />
      </Form.Check>
      {help && <Form.Text>{help}</Form.Text>}
    </Form.Group>
  );
}
