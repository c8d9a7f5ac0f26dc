import { Head } from '@inertiajs/react';
import type { PageProps } from '../../shared/pages';
import LoginButtons from '../../components/auth/LoginButtons';
import Notice from '../../components/lib/Notice';
import { asUserType, type InvitationToSignIn } from '../../shared/invitations';

export default function Login({ appName, providers, organisationDomains, demoLoginAvailable, returnTo = null, invitation = null }: PageProps<'auth/Login'>) {
  const demoHref = returnTo ? `/dev/login?${new URLSearchParams({ return_to: returnTo })}` : '/dev/login';
  return (
    <>
      <Head title="Login" />
      <div className="mx-auto py-4" style={{ maxWidth: 480 }}>
        <h1 className="mb-3">Log in to {appName}</h1>
        {invitation && <InvitationNotice invitation={invitation} />}
        <p>Sign-up and login are free: choose one of these accounts and we create yours on first sign-in.</p>
        <LoginButtons providers={providers} />
        <p className="mt-4">
          If you are a chaplain, volunteer or staff member with an organisational Google account
          {organisationDomains.length > 0 && <> ({organisationDomains.map((domain) => `@${domain}`).join(', ')})</>}, please sign in with it to get the highest
          access level.
        </p>
        {demoLoginAvailable && (
          <p className="small text-body-secondary border-top pt-3">
            Trying things out? <a href={demoHref}>Sign in with a demo account</a>.
          </p>
        )}
      </div>
    </>
  );
}

/** An invitation link's sign-in: who invites, to which user type and what it gives, before the providers. */
function InvitationNotice({ invitation }: { invitation: InvitationToSignIn }) {
  const { title, level, description } = invitation.user_type;
  return (
    <Notice variant="info" role="note" className="mb-3">
      <p className="mb-1 fw-semibold">
        {invitation.from} invites you to become {asUserType(title)}, level {level}.
      </p>
      {description && <p className="mb-1">{description}</p>}
      <p className="mb-0">Log in or sign up below to see the invitation and accept it.</p>
    </Notice>
  );
}
