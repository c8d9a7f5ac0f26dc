import { Head } from '@inertiajs/react';
import Notice from '../../../components/lib/Notice';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { PageProps } from '../../../shared/pages';
import { ROUTES } from '../../../shared/routes';
import { TRASH_KINDS, TRASH_KIND_NAMES, TRASH_TEXTS, type TrashEntryView, type TrashFilter } from '../../../shared/trash';
import { TRASH_URL } from '../../../shared/navigation';
import AppLink from '../../../components/lib/AppLink';
import { useDates } from '../../../components/lib/useDates';
import { deleteKeepingScroll, postKeepingScroll } from '../../../components/lib/visits';
import Pagination from '../../../components/pagination/Pagination';
import PastLastPageNotice from '../../../components/pagination/PastLastPageNotice';

const LIST_HEADING_ID = 'trash-entries';
const FILTERS: Array<[TrashFilter, string]> = [
  ['all', TRASH_TEXTS.allKinds],
  ...TRASH_KIND_NAMES.map((kind): [TrashFilter, string] => [kind, TRASH_KINDS[kind]]),
];

/** After a restore or a purge the row is gone: the focus goes to the list's heading, and the toast says what happened. */
function focusList() {
  document.getElementById(LIST_HEADING_ID)?.focus();
}

/**
 * /admin/trash: what was deleted, by whom, when, and what went with it; Restore puts it back whole,
 * Delete for good purges it at once (after a confirm).
 */
export default function Trash({ kind, entries, retentionDays }: PageProps<'admin/trash/Index'>) {
  return (
    <>
      <Head title={TRASH_TEXTS.title} />
      <h1 className="h3">{TRASH_TEXTS.title}</h1>
      <p className="text-body-secondary">{TRASH_TEXTS.intro(retentionDays)}</p>
      <nav aria-label={TRASH_TEXTS.kindFilter}>
        <ul className="nav nav-pills flex-wrap gap-1 mb-3">
          {FILTERS.map(([filter, label]) => (
            <li className="nav-item" key={filter}>
              <AppLink
                href={filter === 'all' ? TRASH_URL : `${TRASH_URL}?kind=${filter}`}
                className={`nav-link${filter === kind ? ' active' : ''}`}
                aria-current={filter === kind ? 'page' : undefined}
              >
                {label}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <h2 className="h5" id={LIST_HEADING_ID} tabIndex={-1}>
        {kind === 'all' ? TRASH_TEXTS.allKinds : TRASH_KINDS[kind]}
      </h2>
      {entries.pastLastPage ? (
        <PastLastPageNotice pastLastPage={entries.pastLastPage} />
      ) : entries.data.length === 0 ? (
        <Notice variant="info">{kind === 'all' ? TRASH_TEXTS.empty : TRASH_TEXTS.emptyOfKind}</Notice>
      ) : (
        <ul className="list-group mb-3" aria-labelledby={LIST_HEADING_ID}>
          {entries.data.map((entry) => (
            <TrashRow key={entry.ref} entry={entry} />
          ))}
        </ul>
      )}
      <Pagination links={entries.links} label="Pages of the trash" />
    </>
  );
}

function TrashRow({ entry }: { entry: TrashEntryView }) {
  const dates = useDates();
  const name = `${TRASH_KINDS[entry.kind]} “${entry.title}”`;
  const restore = () => postKeepingScroll(ROUTES.adminTrashRestore.path({ ref: entry.ref }), {}, { onSuccess: focusList });
  const purge = () => {
    if (window.confirm(TRASH_TEXTS.deleteForGoodConfirm(entry.title)))
      deleteKeepingScroll(ROUTES.adminTrashEntry.path({ ref: entry.ref }), { onSuccess: focusList });
  };
  return (
    <li className="list-group-item">
      <article aria-label={name}>
        <div className="d-flex flex-wrap align-items-baseline gap-2">
          <Badge bg="secondary">{TRASH_KINDS[entry.kind]}</Badge>
          <h3 className="h6 mb-0 text-break me-auto">{entry.title}</h3>
        </div>
        {entry.context && <div className="small text-body-secondary text-break">{entry.context}</div>}
        <p className="small mb-2">
          {TRASH_TEXTS.deletedBy} {entry.deletedBy ?? TRASH_TEXTS.unknownPerson}
          {entry.impersonator && ` (${TRASH_TEXTS.deletedAs} ${entry.impersonator})`}, {dates.dayAndTime(entry.deletedAt)} · {TRASH_TEXTS.purgeAt}{' '}
          {dates.day(entry.purgeAt)}
        </p>
        <Parts entry={entry} />
        <div className="d-flex flex-wrap gap-2 mt-2">
          <Button variant="primary" size="sm" onClick={restore} aria-label={`${TRASH_TEXTS.restore}: ${name}`}>
            {TRASH_TEXTS.restore}
          </Button>
          <Button variant="outline-danger" size="sm" onClick={purge} aria-label={`${TRASH_TEXTS.deleteForGood}: ${name}`}>
            {TRASH_TEXTS.deleteForGood}
          </Button>
        </div>
      </article>
    </li>
  );
}

function Parts({ entry }: { entry: TrashEntryView }) {
  if (entry.parts.length === 0 && !entry.hasDriveFolder) return <p className="small text-body-secondary mb-0">{TRASH_TEXTS.nothingWithIt}</p>;
  return (
    <details className="small">
      <summary>{TRASH_TEXTS.wentWithIt}</summary>
      <ul className="mb-0 mt-1">
        {entry.parts.map((part) => (
          <li key={part.label} className="text-break">
            {part.label}
            {part.names.length > 0 && `: ${part.names.join(', ')}${part.count > part.names.length ? ', …' : ''}`}
          </li>
        ))}
        {entry.hasDriveFolder && <li>{TRASH_TEXTS.driveFolder}</li>}
      </ul>
    </details>
  );
}
