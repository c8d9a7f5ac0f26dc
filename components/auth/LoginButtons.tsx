import { useId } from 'react';
import type { LoginProvider } from '../../shared/enums';
import type { LoginProviderOption } from '../../shared/props';
import Icon from '../lib/Icon';

const PROVIDER_ICONS: Record<LoginProvider, string> = {
  google: 'bi-google',
  microsoft: 'bi-microsoft',
  facebook: 'bi-facebook',
};

/**
 * Social sign-in buttons, the same on the login page and in the login modal. They are plain links, not Inertia
 * visits: the sign-in leaves the app for the provider's own pages. A provider this server has no credentials for is
 * a disabled button with the server's reason beside it.
 */
export default function LoginButtons({ providers }: { providers: LoginProviderOption[] }) {
  return (
    <ul className="list-unstyled d-grid gap-2 mb-0">
      {providers.map((option) => (
        <li key={option.provider}>
          <ProviderButton option={option} />
        </li>
      ))}
    </ul>
  );
}

function ProviderButton({ option }: { option: LoginProviderOption }) {
  const reasonId = useId();
  const content = (
    <>
      <Icon name={PROVIDER_ICONS[option.provider]} className="me-2" />
      Continue with {option.label}
    </>
  );
  if (option.enabled) {
    return (
      <a className="btn btn-outline-primary btn-lg w-100" href={option.href}>
        {content}
      </a>
    );
  }
  return (
    <>
      <button type="button" className="btn btn-outline-secondary btn-lg w-100" disabled aria-describedby={reasonId}>
        {content}
      </button>
      <p id={reasonId} className="small text-body-secondary mt-1 mb-0">
        {option.reason ?? 'This sign-in option is not available at the moment.'}
      </p>
    </>
  );
}
