import { useState } from 'react';
import { usePage } from '@inertiajs/react';
import { CURRENT_PAGE_ERRORS_TITLE } from '../../shared/messages';
import { pageErrorLines } from './page-errors';
import Icon from '../lib/Icon';
import { onDemandDialog } from '../lib/on-demand';

const PageErrorsDialog = onDemandDialog(() => import('./PageErrorsDialog'));

/** A warning icon, shown only while the page has errors, that opens the list of them. */
export default function PageErrorsIndicator() {
  const { errors } = usePage().props;
  const [open, setOpen] = useState(false);
  const lines = pageErrorLines(errors);
  if (lines.length === 0) return null;

  return (
    <>
      <button
        type="button"
        className="btn btn-link text-warning app-navbar-button"
        onClick={() => setOpen(true)}
        aria-label={`${CURRENT_PAGE_ERRORS_TITLE} (${lines.length})`}
        title={CURRENT_PAGE_ERRORS_TITLE}
      >
        <Icon name="bi-exclamation-triangle-fill" className="fs-5" />
      </button>
      <PageErrorsDialog show={open} onHide={() => setOpen(false)} lines={lines} />
    </>
  );
}
