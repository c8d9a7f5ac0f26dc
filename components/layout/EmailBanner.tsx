import { useState } from 'react';
import { router, usePage } from '@inertiajs/react';
import Notice from '../lib/Notice';
import Button from 'react-bootstrap/Button';
import { EMAIL_BANNER } from '../../shared/messages';
import { PROFILE_EMAIL_PROMPT_URL, PROFILE_VERIFY_URL } from '../../shared/navigation';
import AppLink from '../lib/AppLink';

/** The yellow banner for signed-in users whose e-mail is missing or not yet verified. */
export default function EmailBanner() {
  const { auth } = usePage().props;
  // A preview's member has no address of their own to add or verify.
  if (!auth.authenticated || auth.viewingAs) return null;
  if (auth.email_missing) {
    return (
      <Notice variant="warning">
        {EMAIL_BANNER.missing}.{' '}
        <AppLink href={PROFILE_EMAIL_PROMPT_URL} className="alert-link">
          Add it on your profile
        </AppLink>
      </Notice>
    );
  }
  if (auth.email_unverified) return <UnverifiedEmailBanner />;
  return null;
}

function UnverifiedEmailBanner() {
  const [sending, setSending] = useState(false);
  const resend = () => router.post(PROFILE_VERIFY_URL, {}, { preserveScroll: true, onStart: () => setSending(true), onFinish: () => setSending(false) });
  return (
    <Notice variant="warning" className="d-flex flex-wrap align-items-center gap-2">
      <span className="flex-grow-1">{EMAIL_BANNER.unverified}</span>
      <Button variant="outline-dark" size="sm" onClick={resend} disabled={sending}>
        {EMAIL_BANNER.resend}
      </Button>
    </Notice>
  );
}
