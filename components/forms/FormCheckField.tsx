import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidIf } from './field-error';

interface FormCheckFieldProps {
  controlId: string;
  label: ReactNode;
  name: string;
  checked: boolean;
  error?: string;
  onChange: (checked: boolean) => void;
  /** A line of help under the checkbox. */
  help?: ReactNode;
  className?: string;
}

/** A checkbox of a create dialog, with its server error and an optional help line. */
export default function FormCheckField({ controlId, label, name, checked, error, onChange, help, className }: FormCheckFieldProps) {
  return (
    <Form.Group controlId={controlId} className={className}>
      <Form.Check type="checkbox">
        <Form.Check.Input
          type="checkbox"
          name={name}
          checked={checked}
          {...invalidIf(error, `${controlId}-error`)}
          onChange={(event) => onChange(event.target.checked)}
        />
        <Form.Check.Label>{label}</Form.Check.Label>
        <FieldError id={`${controlId}-error`} error={error} />
      </Form.Check>
      {help !== undefined && <Form.Text>{help}</Form.Text>}
    </Form.Group>
  );
}
