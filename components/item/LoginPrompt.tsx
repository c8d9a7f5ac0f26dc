import { useState } from 'react';
import Notice from '../lib/Notice';
import Button from 'react-bootstrap/Button';
import { LoginModal } from '../layout/LoginButton';

/**
 * Tells a visitor that signing in shows more, with the login dialog one click away: once per page, as a polite status
 * (not an alert: nothing went wrong). The sections that signing in would open say so in a plain line of their own.
 */
export default function LoginPrompt({ message }: { message: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Notice variant="info" role="status" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      <span>{message}</span>
      <Button size="sm" onClick={() => setOpen(true)} onPointerEnter={LoginModal.preload} onFocus={LoginModal.preload}>
        Log in
      </Button>
      <LoginModal show={open} onHide={() => setOpen(false)} />
    </Notice>
  );
}
