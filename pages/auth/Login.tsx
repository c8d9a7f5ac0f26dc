import { Head } from '@inertiajs/react';
import type { PageProps } from '../../shared/pages';
import LoginButtons from '../../components/auth/LoginButtons';

export default function Login({ appName, providers, organisationDomains, demoLoginAvailable, returnTo = null }: PageProps<'auth/Login'>) {
  const demoHref = returnTo ? `/dev/login?${new URLSearchParams({ return_to: returnTo })}` : '/dev/login';
  return (
    <>
      <Head title="Login" />
      <div className="mx-auto py-4" style={{ maxWidth: 480 }}>
        <h1 className="mb-3">Log in to {appName}</h1>
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
