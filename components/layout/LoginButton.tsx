import { useState } from 'react';
import { usePage } from '@inertiajs/react';
import Button from 'react-bootstrap/Button';
import { onDemandDialog } from '../lib/on-demand';

/** The sign-in dialog, loaded when first opened: most visitors only read. */
export const LoginModal = onDemandDialog(() => import('./LoginModal'));

/** The anonymous visitor's way in; hidden on the login page itself. */
export default function LoginButton() {
  const [open, setOpen] = useState(false);
  if (new URL(usePage().url, 'http://equip.invalid').pathname === '/login') return null;
  return (
    <>
      <Button variant="outline-light" size="sm" onClick={() => setOpen(true)} onPointerEnter={LoginModal.preload} onFocus={LoginModal.preload}>
        Login
      </Button>
      <LoginModal show={open} onHide={() => setOpen(false)} />
    </>
  );
}
