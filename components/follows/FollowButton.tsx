/**
 * The Follow button of a tag's page, a search or a collection, with Unfollow once followed, and the Atom
 * feed link of a public tag or collection. The server decides both (`follow` prop); a visitor sees the feed alone.
 */
import { useState } from 'react';
import { router } from '@inertiajs/react';
import Button from 'react-bootstrap/Button';
import { FOLLOW_TEXT, type FollowOffer } from '../../shared/follows';
import { FOLLOW_URL } from '../../shared/navigation';
import { ROUTES } from '../../shared/routes';
import Icon from '../lib/Icon';

export default function FollowButton({ offer }: { offer: FollowOffer | null }) {
  const [busy, setBusy] = useState(false);
  if (!offer) return null;
  const options = { preserveScroll: true, onStart: () => setBusy(true), onFinish: () => setBusy(false) };
  const kind = 'tag' in offer.target ? 'tag' : 'search' in offer.target ? 'search' : 'collection';
  return (
    <div className="d-flex flex-wrap align-items-center gap-2" data-testid="follow">
      {offer.canFollow &&
        (offer.following ? (
          <>
            <span className="small text-body-secondary">
              <Icon name="bi-check-lg" className="me-1" />
              {FOLLOW_TEXT.following}
            </span>
            <Button variant="outline-secondary" size="sm" disabled={busy} onClick={() => router.delete(ROUTES.follow.path({ ref: offer.following! }), options)}>
              <Icon name="bi-bell-slash" className="me-1" />
              {FOLLOW_TEXT.unfollow}
            </Button>
          </>
        ) : (
          <Button variant="outline-primary" size="sm" disabled={busy} onClick={() => router.post(FOLLOW_URL, offer.target, options)}>
            <Icon name="bi-bell" className="me-1" />
            {FOLLOW_TEXT.follow[kind]}
          </Button>
        ))}
      {offer.feedUrl && (
        <a className="btn btn-link btn-sm" href={offer.feedUrl} type="application/atom+xml">
          <Icon name="bi-rss" className="me-1" />
          {FOLLOW_TEXT.feed}
        </a>
      )}
    </div>
  );
}
