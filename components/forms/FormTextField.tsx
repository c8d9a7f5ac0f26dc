import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

interface FormTextFieldProps {
  controlId: string;
  label: ReactNode;
  name: string;
  value: string;
  /** The server's error for this field, shown under it (admin-curation §5). */
  error?: string;
  onChange: (value: string) => void;
  /** A textarea with this many rows; a one-line input without. */
  rows?: number;
  type?: 'text' | 'date' | 'email';
  maxLength?: number;
  required?: boolean;
  /** The id of a <datalist> of suggestions, given as a child. */
  list?: string;
  /** The group's spacing; the last field of a form has none. */
  className?: string;
  /** Shown between the control and its error: a datalist, a help text. */
  children?: ReactNode;
}

/** A labelled text input or textarea of a create dialog, with its server error underneath. */
export default function FormTextField({ controlId, label, name, value, error, onChange, rows, type = 'text', maxLength, required, list, className = 'mb-3', children }: FormTextFieldProps) {
  return (
    <Form.Group className={className} controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...(rows === undefined ? { type } : { as: 'textarea' as const, rows })}
        name={name}
        value={value}
        required={required}
        maxLength={maxLength}
        list={list}
        isInvalid={Boolean(error)}
        onChange={(event) => onChange(event.target.value)}
      />
      {children}
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}
