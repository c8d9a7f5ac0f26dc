import Notice from '../lib/Notice';
import type { Errors } from '@inertiajs/core';

/** Messages for the given form fields, in that order; a field may carry one message or several. */
export function messagesFor(errors: Errors, fields: readonly string[]): string[] {
  return fields.flatMap((field) => {
    const value: unknown = errors[field];
    if (Array.isArray(value)) return value.map(String);
    return typeof value === 'string' && value !== '' ? [value] : [];
  });
}

/** Form errors shown as danger alerts. */
export default function DialogErrors({ messages }: { messages: readonly string[] }) {
  return (
    <>
      {messages.map((message) => (
        <Notice key={message} variant="danger" className="py-2">
          {message}
        </Notice>
      ))}
    </>
  );
}
