import { usePage } from '@inertiajs/react';
import Modal from 'react-bootstrap/Modal';
import LoginButtons from '../auth/LoginButtons';
import AppLink from '../lib/AppLink';

interface LoginModalProps {
  show: boolean;
  onHide: () => void;
}

/** The login page's sign-in buttons in a dialog, for signing in without leaving the page (member-library §2). */
export default function LoginModal({ show, onHide }: LoginModalProps) {
  const { loginProviders } = usePage().props;
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="login-modal-title">
      <Modal.Header closeButton>
        <Modal.Title id="login-modal-title">Log in or sign up</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>Sign-up and login are free.</p>
        <LoginButtons providers={loginProviders} />
      </Modal.Body>
      <Modal.Footer className="justify-content-start">
        <AppLink href="/login" onClick={onHide}>
          More about signing in
        </AppLink>
      </Modal.Footer>
    </Modal>
  );
}
