import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

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
      <Form.Check
        type="checkbox"
        name={name}
        label={label}
        checked={checked}
        isInvalid={Boolean(error)}
        feedback={error}
        feedbackType="invalid"
        onChange={(event) => onChange(event.target.checked)}
      />
      {help !== undefined && <Form.Text>{help}</Form.Text>}
    </Form.Group>
  );
}
