import { usePage } from '@inertiajs/react';
import Dialog from '../lib/Dialog';
import LoginButtons from '../auth/LoginButtons';
import AppLink from '../lib/AppLink';

interface LoginModalProps {
  show: boolean;
  onHide: () => void;
}

/** The login page's sign-in buttons in a dialog, for signing in without leaving the page. */
export default function LoginModal({ show, onHide }: LoginModalProps) {
  const { loginProviders } = usePage().props;
  return (
    <Dialog show={show} onHide={onHide} centered aria-labelledby="login-modal-title">
      <Dialog.Header closeButton>
        <Dialog.Title id="login-modal-title">Log in or sign up</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <p>Sign-up and login are free.</p>
        <LoginButtons providers={loginProviders} />
      </Dialog.Body>
      <Dialog.Footer className="justify-content-start">
        <AppLink href="/login" onClick={onHide}>
          More about signing in
        </AppLink>
      </Dialog.Footer>
    </Dialog>
  );
}
