import { useId, useState, type KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { invalidIf } from '../forms/field-error';
import { COMMENT_MAX_LENGTH, COMMENT_MIN_LENGTH } from '../../shared/comments';

/** What the input asks its owner to do with the text; the owner calls back when the call is over. */
export type SendComment = (text: string, callbacks: { onSuccess: () => void; onFinish: () => void }) => void;

interface CommentInputProps {
  /** The textarea's accessible name. */
  label: string;
  submitLabel: string;
  initialText?: string;
  /** The server's answer to the last call from this input (`errors.comment`). */
  error: string | null;
  send: SendComment;
  /** Leaves the input (an edit); Escape does the same. */
  onCancel?: () => void;
  /** Empties the input once the server has taken the text (a new comment). */
  clearOnSuccess?: boolean;
}

/**
 * A comment's text box: sending is possible from COMMENT_MIN_LENGTH characters on, Enter sends,
 * Shift+Enter starts a new line, and the server's error shows under the input.
 */
export default function CommentInput({ label, submitLabel, initialText = '', error, send, onCancel, clearOnSuccess = false }: CommentInputProps) {
  const [text, setText] = useState(initialText);
  const [sending, setSending] = useState(false);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const sendable = text.trim().length >= COMMENT_MIN_LENGTH && !sending;

  const submit = () => {
    if (!sendable) return;
    setSending(true);
    send(text.trim(), { onSuccess: () => clearOnSuccess && setText(''), onFinish: () => setSending(false) });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape' && onCancel) {
      onCancel();
    }
  };

  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="d-flex gap-2 align-items-start">
        <Form.Control
          id={inputId}
          as="textarea"
          rows={2}
          aria-label={label}
          placeholder={label}
          value={text}
          maxLength={COMMENT_MAX_LENGTH}
          {...invalidIf(error, errorId)}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" size="sm" disabled={!sendable}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" size="sm" variant="outline-secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </Form>
  );
}
