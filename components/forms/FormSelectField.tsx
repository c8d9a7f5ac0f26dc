import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidIf } from './field-error';
import type { FormFieldProps } from './FormTextField';

interface FormSelectFieldProps extends FormFieldProps {
  /** A line of help between the select and its error. */
  help?: ReactNode;
  /** The <option>s. */
  children: ReactNode;
}

/** A labelled select of a create dialog, with an optional help line and its server error underneath. */
export default function FormSelectField({ controlId, label, name, value, error, onChange, help, children }: FormSelectFieldProps) {
  return (
    <Form.Group className="mb-3" controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      <Form.Select name={name} value={value} {...invalidIf(error, `${controlId}-error`)} onChange={(event) => onChange(event.target.value)}>
        {children}
      </Form.Select>
      {help && <Form.Text>{help}</Form.Text>}
      <FieldError id={`${controlId}-error`} error={error} />
    </Form.Group>
  );
}
