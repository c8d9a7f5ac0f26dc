import Modal from 'react-bootstrap/Modal';
import LoginButtons, { allLoginProviders } from '../auth/LoginButtons';
import AppLink from '../lib/AppLink';

interface LoginModalProps {
  show: boolean;
  onHide: () => void;
}

export default function LoginModal({ show, onHide }: LoginModalProps) {
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="login-modal-title">
      <Modal.Header closeButton>
        <Modal.Title id="login-modal-title">Log in or sign up</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>Sign-up and login are free.</p>
        <LoginButtons providers={allLoginProviders()} />
      </Modal.Body>
      <Modal.Footer className="justify-content-start">
        <AppLink href="/login" onClick={onHide}>
          More about signing in
        </AppLink>
      </Modal.Footer>
    </Modal>
  );
}
