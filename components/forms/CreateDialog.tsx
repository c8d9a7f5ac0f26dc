import { useId, type FormEvent, type ReactNode } from 'react';
import { useForm } from '@inertiajs/react';
import type { FormDataType, VisitOptions } from '@inertiajs/core';
import Form from 'react-bootstrap/Form';
import Dialog from '../lib/Dialog';
import ModalFormFooter from './ModalFormFooter';

/**
 * A create dialog's form: reset to its initial values each time the dialog opens,
 * posted to `url`; the dialog closes only when the answer carries no errors (Inertia runs onSuccess only then).
 * `visitOptions` are the post's other options: keeping the scroll position unless told otherwise.
 */
export function useCreateForm<TForm extends FormDataType<TForm>>(
  initialValues: () => TForm,
  url: string | (() => string),
  onCreated: () => void,
  visitOptions: Pick<VisitOptions, 'preserveScroll' | 'preserveState' | 'only'> = { preserveScroll: true },
) {
  const form = useForm<TForm>(initialValues());
  const formId = useId();
  const reset = () => {
    form.setData(initialValues());
    form.clearErrors();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(typeof url === 'function' ? url() : url, { ...visitOptions, onSuccess: onCreated });
  };
  return { form, formId, reset, submit };
}

interface CreateDialogProps {
  show: boolean;
  onHide: () => void;
  title: ReactNode;
  /** From `useCreateForm`. */
  formId: string;
  processing: boolean;
  reset: () => void;
  submit: (event: FormEvent) => void;
  submitLabel?: string;
  submitDisabled?: boolean;
  /** Shown above the form, in the dialog's body. */
  intro?: ReactNode;
  children: ReactNode;
}

/** The dialog around a create form: its title, the fields, Cancel and OK ('...' while it posts). */
export default function CreateDialog({
  show,
  onHide,
  title,
  formId,
  processing,
  reset,
  submit,
  submitLabel,
  submitDisabled,
  intro,
  children,
}: CreateDialogProps) {
  return (
    <Dialog show={show} onHide={onHide} onEnter={reset} aria-labelledby={`${formId}-title`}>
      <Dialog.Header closeButton>
        <Dialog.Title id={`${formId}-title`}>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        {intro}
        <Form id={formId} onSubmit={submit} noValidate>
          {children}
        </Form>
      </Dialog.Body>
      <ModalFormFooter formId={formId} processing={processing} onCancel={onHide} submitLabel={submitLabel} disabled={submitDisabled} />
    </Dialog>
  );
}
