import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidIf } from './field-error';

/** What every field of a create dialog takes: its id, label, name, value and server error. */
export interface FormFieldProps {
  controlId: string;
  label: ReactNode;
  name: string;
  value: string;
  /** The server's error for this field, shown under it. */
  error?: string;
  onChange: (value: string) => void;
}

interface FormTextFieldProps extends FormFieldProps {
  /** A textarea with this many rows; a one-line input without. */
  rows?: number;
  type?: 'text' | 'date' | 'email';
  maxLength?: number;
  required?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
  /** The id of a <datalist> of suggestions, given as a child. */
  list?: string;
  /** The group's spacing; the last field of a form has none. */
  className?: string;
  /** Shown between the control and its error: a datalist, a help text. */
  children?: ReactNode;
}

/** A labelled text input or textarea of a create dialog, with its server error underneath. */
export default function FormTextField({
  controlId,
  label,
  name,
  value,
  error,
  onChange,
  rows,
  type = 'text',
  maxLength,
  required,
  autoComplete,
  autoFocus,
  list,
  className = 'mb-3',
  children,
}: FormTextFieldProps) {
  return (
    <Form.Group className={className} controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...(rows === undefined ? { type } : { as: 'textarea' as const, rows })}
        name={name}
        value={value}
        required={required}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        maxLength={maxLength}
        list={list}
        {...invalidIf(error, `${controlId}-error`)}
        onChange={(event) => onChange(event.target.value)}
      />
      {children}
      <FieldError id={`${controlId}-error`} error={error} />
    </Form.Group>
  );
}
