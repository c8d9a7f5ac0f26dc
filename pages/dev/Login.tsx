import type { FormEvent } from 'react';
import { Head } from '@inertiajs/react';
import Notice from '../../components/lib/Notice';
import type { PageProps } from '../../shared/pages';
import { LEVEL_SHORT_NAMES, isAccessLevel } from '../../shared/levels';
import { readXsrfToken } from '../../components/lib/xsrf';

export default function DevLogin({ accounts, returnTo = null }: PageProps<'dev/Login'>) {
  // The token is the browser's cookie, which the server's render of this page cannot read: it goes in as the form is sent.
  const withToken = (event: FormEvent<HTMLFormElement>) => {
    const token = event.currentTarget.elements.namedItem('_token');
    if (token instanceof HTMLInputElement) token.value = readXsrfToken();
  };

  return (
    <>
      <Head title="Demo sign-in" />
      <h1>Demo sign-in</h1>
      <Notice variant="warning">
        This page exists only on demo and development sites, never in production. It signs you in as one of the seeded demo accounts without a password, so you
        can see the library at each access level.
      </Notice>
      <div className="table-responsive">
        <table className="table align-middle">
          <caption>Demo accounts</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Level</th>
              <th scope="col">Roles</th>
              <th scope="col">
                <span className="visually-hidden">Sign in</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.email}>
                <th scope="row">{account.name}</th>
                <td>{account.email}</td>
                <td>
                  {account.level} {isAccessLevel(account.level) && `(${LEVEL_SHORT_NAMES[account.level]})`}
                </td>
                <td>{account.roles.join(', ')}</td>
                <td className="text-end">
                  <form method="post" action="/dev/login" onSubmit={withToken}>
                    <input type="hidden" name="email" value={account.email} />
                    <input type="hidden" name="_token" defaultValue="" />
                    {returnTo && <input type="hidden" name="return_to" value={returnTo} />}
                    <button type="submit" className="btn btn-primary btn-sm" aria-label={`Sign in as ${account.name}`}>
                      Sign in
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
