import { useState } from 'react';
import { router, usePage } from '@inertiajs/react';
import Button from 'react-bootstrap/Button';
import { END_VIEW_AS_URL, VIEW_AS_TEXT } from '../../shared/view-as';
import Icon from '../lib/Icon';

/** Shown on every page while previewing the library as a level or a visitor, with the way back. */
export default function ViewAsBanner() {
  const viewingAs = usePage().props.auth.viewingAs;
  const [ending, setEnding] = useState(false);
  if (!viewingAs) return null;
  const endPreview = () => router.post(END_VIEW_AS_URL, {}, { onStart: () => setEnding(true), onFinish: () => setEnding(false) });
  return (
    <section aria-label={VIEW_AS_TEXT.bannerRegion} className="alert alert-warning d-flex flex-wrap align-items-center gap-2" data-testid="view-as-banner">
      <Icon name="bi-eye" />
      <p className="mb-0 flex-grow-1" role="status">
        <strong>{VIEW_AS_TEXT.banner(viewingAs.label)}</strong>{' '}
        <span className="d-block d-sm-inline">{viewingAs.target === 'visitor' ? VIEW_AS_TEXT.visitorReadOnly : VIEW_AS_TEXT.readOnly}</span>
      </p>
      <Button variant="dark" size="sm" onClick={endPreview} disabled={ending}>
        {VIEW_AS_TEXT.end}
      </Button>
    </section>
  );
}
