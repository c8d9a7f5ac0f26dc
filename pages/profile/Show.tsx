import { useState } from 'react';
import { Head, router } from '@inertiajs/react';
import Notice from '../../components/lib/Notice';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import EmailPrompt from '../../components/profile/EmailPrompt';
import AccessTokens from '../../components/profile/AccessTokens';
import DownloadMyData from '../../components/profile/DownloadMyData';
import DeleteAccount from '../../components/profile/DeleteAccount';
import DigestSettings from '../../components/follows/DigestSettings';
import AppLink from '../../components/lib/AppLink';
import { LOGIN_PROVIDER_LABELS, LOGIN_PROVIDERS, type LoginProvider } from '../../shared/enums';
import type { PageProps } from '../../shared/pages';
import { CREATE_OWN_PERSON_PAGE_URL, PROFILE_MESSAGES, PROFILE_TEXT } from '../../shared/profile';
import { PROFILE_VERIFY_URL } from '../../shared/navigation';
import { ROUTES } from '../../shared/routes';

const providerLabel = (provider: string | null): string =>
  provider === null
    ? PROFILE_TEXT.noLoginProvider
    : LOGIN_PROVIDERS.includes(provider as LoginProvider)
      ? LOGIN_PROVIDER_LABELS[provider as LoginProvider]
      : provider;

/** The signed-in user's profile: name, e-mail, login provider, their Person page, Download my data, their access tokens, Delete my account. */
export default function ProfileShow({
  user,
  personItem,
  emailPromptOpen,
  digests,
  accessTokens,
  dataExports,
  accountDeletion,
  can,
}: PageProps<'profile/Show'>) {
  const [promptOpen, setPromptOpen] = useState(emailPromptOpen);
  const [busy, setBusy] = useState(false);
  const during = { onStart: () => setBusy(true), onFinish: () => setBusy(false) };

  return (
    <>
      <Head title={PROFILE_TEXT.title} />
      <h1 className="h3 mb-3">{PROFILE_TEXT.title}</h1>
      {!user.email && (
        <Notice variant="warning" className="d-flex flex-wrap align-items-center gap-2">
          <span className="flex-grow-1">{PROFILE_TEXT.emailRequired}</span>
          {can.change_email && (
            <Button variant="outline-dark" size="sm" onClick={() => setPromptOpen(true)}>
              {PROFILE_TEXT.setEmail}
            </Button>
          )}
        </Notice>
      )}
      <div className="card mb-3">
        <div className="card-body">
          <dl className="row mb-0">
            <dt className="col-sm-3">{PROFILE_TEXT.name}</dt>
            <dd className="col-sm-9">{user.name}</dd>
            <dt className="col-sm-3">{PROFILE_TEXT.email}</dt>
            <dd className="col-sm-9" data-testid="profile-email">
              {user.email ? (
                <>
                  <span className="me-2">{user.email}</span>
                  <Badge bg={user.email_verified ? 'success' : 'warning'} text={user.email_verified ? undefined : 'dark'}>
                    {user.email_verified ? PROFILE_TEXT.verified : PROFILE_TEXT.unverified}
                  </Badge>
                </>
              ) : (
                <span className="text-body-secondary">{PROFILE_TEXT.noEmail}</span>
              )}
              <div className="mt-2 d-flex flex-wrap gap-2">
                {can.change_email ? (
                  <Button variant="outline-primary" size="sm" onClick={() => setPromptOpen(true)}>
                    {user.email ? PROFILE_TEXT.changeEmail : PROFILE_TEXT.setEmail}
                  </Button>
                ) : (
                  <span className="small text-body-secondary">{PROFILE_MESSAGES.emailWhileImpersonating}</span>
                )}
                {user.email && !user.email_verified && (
                  <Button
                    variant="outline-secondary"
                    size="sm"
                    disabled={busy}
                    onClick={() => router.post(PROFILE_VERIFY_URL, {}, { preserveScroll: true, ...during })}
                  >
                    {PROFILE_TEXT.resend}
                  </Button>
                )}
              </div>
            </dd>
            <dt className="col-sm-3">{PROFILE_TEXT.loginProvider}</dt>
            <dd className="col-sm-9">{providerLabel(user.login_using)}</dd>
            <dt className="col-sm-3">{PROFILE_TEXT.userType}</dt>
            <dd className="col-sm-9 mb-0">{user.user_type.title}</dd>
          </dl>
        </div>
      </div>
      <DigestSettings frequency={digests.frequency} follows={digests.follows} emailVerified={user.email_verified} />
      <div className="card mb-3">
        <div className="card-body">
          <h2 className="card-title h5">{PROFILE_TEXT.personPage}</h2>
          {personItem ? (
            <AppLink href={ROUTES.item.path({ ref: personItem.ref })} className="btn btn-primary">
              {PROFILE_TEXT.viewPersonPage}
            </AppLink>
          ) : (
            <>
              <p>{PROFILE_TEXT.personPageNone}</p>
              {can.create_self_item && (
                <Button variant="primary" disabled={busy} onClick={() => router.post(CREATE_OWN_PERSON_PAGE_URL, {}, during)}>
                  {PROFILE_TEXT.createPersonPage}
                </Button>
              )}
            </>
          )}
        </div>
      </div>
      <DownloadMyData {...dataExports} />
      <AccessTokens {...accessTokens} />
      <DeleteAccount {...accountDeletion} />
      <EmailPrompt show={can.change_email && promptOpen} onHide={() => setPromptOpen(false)} current={user.email} />
    </>
  );
}
