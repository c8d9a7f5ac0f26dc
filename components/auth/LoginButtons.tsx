import { LOGIN_PROVIDERS, LOGIN_PROVIDER_LABELS, type LoginProvider } from '../../shared/enums';
import type { LoginProviderOption } from '../../shared/props';

const PROVIDER_ICONS: Record<LoginProvider, string> = {
  google: 'bi-google',
  microsoft: 'bi-microsoft',
  facebook: 'bi-facebook',
};

/**
 * The three providers as the login modal offers them: which ones are configured is known only
 * on the login page, so the modal links to all of them and the server answers for disabled ones.
 */
export function allLoginProviders(): LoginProviderOption[] {
  return LOGIN_PROVIDERS.map((provider) => ({
    provider,
    label: `Continue with ${LOGIN_PROVIDER_LABELS[provider]}`,
    href: `/auth/${provider}/redirect`,
    enabled: true,
    reason: null,
  }));
}

/**
 * Social sign-in buttons. They are plain links, not Inertia visits: the sign-in leaves the app
 * for the provider's own pages.
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
  const content = (
    <>
      <i className={`bi ${PROVIDER_ICONS[option.provider]} me-2`} aria-hidden="true" />
      {option.label}
    </>
  );
  if (option.enabled) {
    return (
      <a className="btn btn-outline-primary btn-lg w-100" href={option.href}>
        {content}
      </a>
    );
  }
  const reasonId = `login-${option.provider}-unavailable`;
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
