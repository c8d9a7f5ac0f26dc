import Form from 'react-bootstrap/Form';

/**
 * What a control carries while the server refuses its value: Bootstrap's invalid style, `aria-invalid`
 * (which a dialog moves the focus to, components/lib/Dialog.tsx) and `aria-describedby` naming its message, so a
 * screen reader reads the error with the field.
 */
export function invalidIf(error: string | null | undefined, messageId: string) {
  return error ? { isInvalid: true, 'aria-invalid': true as const, 'aria-describedby': messageId } : { isInvalid: false };
}

/** The message under a control that `invalidIf` marks, with the id the control names. */
export function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  return (
    <Form.Control.Feedback type="invalid" id={id}>
      {error}
    </Form.Control.Feedback>
  );
}
