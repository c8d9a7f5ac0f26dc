import { useId, useState } from 'react';
import { Head, router } from '@inertiajs/react';
import Notice from '../../components/lib/Notice';
import Button from 'react-bootstrap/Button';
import type { PageProps } from '../../shared/pages';
import { ACCESS_REQUEST_TEXTS, type ForbiddenHelp } from '../../shared/access-requests';
import AppLink from '../../components/lib/AppLink';
import Icon from '../../components/lib/Icon';
import { SIGN_IN_HINT } from '../../shared/messages';

const ICON_CLASS = 'display-1 text-body-secondary';

/** Bootstrap Icons' `box` outline (16 × 16), which the broken box splits in two. */
const BOX_PATH =
  'M8.186 1.113a.5.5 0 0 0-.372 0L1.846 3.5 8 5.961 14.154 3.5zM15 4.239l-6.5 2.6v7.922l6.5-2.6V4.24zM7.5 14.762V6.838L1 4.239v7.923zM7.443.184a1.5 1.5 0 0 1 1.114 0l7.129 2.852A.5.5 0 0 1 16 3.5v8.662a1 1 0 0 1-.629.928l-7.185 2.874a.5.5 0 0 1-.372 0L.63 13.09a1 1 0 0 1-.63-.928V3.5a.5.5 0 0 1 .314-.464z';
/** The zigzag crack from the lid to the bottom; each half is the box clipped to one side of it. */
const CRACK = '8.5,-1 7.2,3 9,6.2 7,9.6 8.8,12.8 7.6,17';
const LEFT_HALF = `-1,-1 ${CRACK} -1,17`;
const RIGHT_HALF = `${CRACK.split(' ').reverse().join(' ')} 17,-1 17,17`;

/**
 * The 4xx icon, a broken box: Bootstrap Icons has no broken box, so this is its box,
 * cracked and split open, in the text colour and at the size of the 5xx icon font's glyph.
 */
function BrokenBoxIcon() {
  // useId's punctuation would not survive inside url(#…).
  const id = `broken-box${useId().replace(/[^\w-]/g, '')}`;
  const [left, right] = [`${id}-left`, `${id}-right`];
  return (
    <svg
      className={ICON_CLASS}
      role="img"
      aria-label="Broken box"
      width="1.2em"
      height="1.2em"
      viewBox="-1.5 -2 19 19"
      fill="currentColor"
      style={{ verticalAlign: '-0.2em' }}
    >
      <defs>
        <clipPath id={left}>
          <polygon points={LEFT_HALF} />
        </clipPath>
        <clipPath id={right}>
          <polygon points={RIGHT_HALF} />
        </clipPath>
      </defs>
      <g transform="rotate(-8 4 15) translate(-0.5 0)">
        <path d={BOX_PATH} clipPath={`url(#${left})`} />
      </g>
      <g transform="rotate(8 12 15) translate(0.5 0)">
        <path d={BOX_PATH} clipPath={`url(#${right})`} />
      </g>
    </svg>
  );
}

/** A 5xx is our fault (a sad face); a 4xx means the thing asked for is not there for you (a broken box). */
function ErrorIcon({ status }: { status: number }) {
  if (status < 500) return <BrokenBoxIcon />;
  return <Icon name="bi-emoji-frown" className={ICON_CLASS} role="img" aria-label="Sad face" />;
}

/**
 * Below a 403's title and message: the level the page needs, Ask for access (a signed-in person; the server says
 * whether they may ask, and when they already did), or logging in and coming back here (a visitor).
 */
function ForbiddenHelpPanel({ help }: { help: ForbiddenHelp }) {
  const [asking, setAsking] = useState(false);
  const ask = (url: string) => router.post(url, {}, { onStart: () => setAsking(true), onFinish: () => setAsking(false) });
  return (
    <div className="mx-auto mt-4 d-grid gap-2 text-start" style={{ maxWidth: 560 }}>
      {help.neededLevel !== null && <p className="mb-0 fw-semibold">{ACCESS_REQUEST_TEXTS.neededLevel(help.neededLevel)}</p>}
      {help.notPublished && <p className="mb-0">{ACCESS_REQUEST_TEXTS.notPublished}</p>}
      {help.askedAt !== null && (
        <Notice variant="success" className="mb-0" role="status">
          {ACCESS_REQUEST_TEXTS.sent}
        </Notice>
      )}
      {help.askUrl !== null && (
        <>
          <p className="mb-0">{ACCESS_REQUEST_TEXTS.askHelp}</p>
          <div>
            <Button onClick={() => ask(help.askUrl!)} disabled={asking}>
              <Icon name="bi-envelope" className="me-1" />
              {ACCESS_REQUEST_TEXTS.ask}
            </Button>
          </div>
        </>
      )}
      {help.verifyEmail && (
        <p className="mb-0">
          {ACCESS_REQUEST_TEXTS.verifyEmail} <AppLink href="/profile">Profile</AppLink>
        </p>
      )}
      {help.signInUrl !== null && (
        <>
          <p className="mb-0">{ACCESS_REQUEST_TEXTS.signInHelp}</p>
          <div>
            <AppLink href={help.signInUrl} className="btn btn-primary">
              {ACCESS_REQUEST_TEXTS.signIn}
            </AppLink>
          </div>
        </>
      )}
    </div>
  );
}

export default function ErrorPage({ status, title, message, detail, help }: PageProps<'errors/Error'>) {
  return (
    <>
      <Head title={title} />
      <section className="text-center py-5" aria-labelledby="error-title">
        <ErrorIcon status={status} />
        <h1 id="error-title" className="mt-3">
          {title}
        </h1>
        <p className="lead">{message}</p>
        {/* A visitor's sign-in is worded once, by the help's Log in (the server's detail for them is the same hint). */}
        {detail && !(detail === SIGN_IN_HINT && help?.signInUrl) && <p className="text-body-secondary">{detail}</p>}
        {help && <ForbiddenHelpPanel help={help} />}
        <AppLink href="/" className={`btn ${help ? 'btn-outline-secondary' : 'btn-primary'} mt-3`}>
          Go to the home page
        </AppLink>
      </section>
    </>
  );
}
