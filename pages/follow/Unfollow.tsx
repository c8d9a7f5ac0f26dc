import { useState } from 'react';
import { Head, router, usePage } from '@inertiajs/react';
import Notice from '../../components/lib/Notice';
import Button from 'react-bootstrap/Button';
import { FOLLOW_MESSAGES, FOLLOW_TEXT, UNFOLLOWED_FLASH, type Unfollowed } from '../../shared/follows';
import type { PageProps } from '../../shared/pages';
import { ROUTES } from '../../shared/routes';
import AppLink from '../../components/lib/AppLink';

/**
 * /unfollow/{token}, a digest's unfollow link: one button stops the follow, without signing in. It asks
 * first because mail scanners open links by themselves, and a GET that unfollowed would do it for them. Once pressed,
 * the same page confirms it (the server's flash `unfollowed`), signed in or not.
 */
export default function Unfollow({ follow, token }: PageProps<'follow/Unfollow'>) {
  const [busy, setBusy] = useState(false);
  const done = usePage().flash[UNFOLLOWED_FLASH] as Unfollowed | undefined;
  return (
    <>
      <Head title={FOLLOW_TEXT.unfollowPageTitle} />
      <h1 className="h3 mb-3">{FOLLOW_TEXT.unfollowPageTitle}</h1>
      {done ? (
        <Notice variant="success">
          <p className="mb-2">{FOLLOW_TEXT.unfollowDone(done.label)}</p>
          <p className="mb-0 d-flex flex-wrap gap-3">
            {done.url && (
              <AppLink href={done.url} className="alert-link">
                {FOLLOW_TEXT.unfollowDoneLink[done.kind]}
              </AppLink>
            )}
            <AppLink href="/" className="alert-link">
              {FOLLOW_TEXT.toLibrary}
            </AppLink>
          </p>
        </Notice>
      ) : follow ? (
        <>
          <p>
            {FOLLOW_TEXT.unfollowQuestion(follow.label)}{' '}
            {follow.url && (
              <>
                (<AppLink href={follow.url}>{FOLLOW_TEXT.kindLabels[follow.kind]}</AppLink>)
              </>
            )}
          </p>
          <Button
            variant="primary"
            disabled={busy}
            onClick={() => router.post(ROUTES.unfollow.path({ token }), {}, { onStart: () => setBusy(true), onFinish: () => setBusy(false) })}
          >
            {FOLLOW_TEXT.unfollowButton}
          </Button>
        </>
      ) : (
        <Notice variant="info">
          {FOLLOW_MESSAGES.linkGone}{' '}
          <AppLink href="/" className="alert-link">
            {FOLLOW_TEXT.toLibrary}
          </AppLink>
        </Notice>
      )}
    </>
  );
}
