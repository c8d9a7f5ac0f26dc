import { useState, type FormEvent } from 'react';
import { Head, router } from '@inertiajs/react';
import Notice from '../../../components/lib/Notice';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  ACTIVITY_COUNT_LIMIT,
  ACTIVITY_DOWNLOAD_URL,
  ACTIVITY_PERSON_MAX_LENGTH,
  ACTIVITY_URL,
  HISTORY_KINDS,
  HISTORY_TEXTS,
  activityQueryOf,
  type ActivityFilters,
  type HistoryKind,
} from '../../../shared/history';
import type { PageProps } from '../../../shared/pages';
import { ROUTES } from '../../../shared/routes';
import HistoryEntryView from '../../../components/history/HistoryEntryView';
import { undoBatch } from '../../../components/items/batch-edit-requests';
import BatchUndoOutcome from '../../../components/items/BatchUndoOutcome';
import type { BatchResult } from '../../../shared/batch-edit';
import AppLink from '../../../components/lib/AppLink';
import Pagination from '../../../components/pagination/Pagination';
import PastLastPageNotice from '../../../components/pagination/PastLastPageNotice';
import Icon from '../../../components/lib/Icon';

function totalText(total: number): string {
  if (total > ACTIVITY_COUNT_LIMIT) return `More than ${ACTIVITY_COUNT_LIMIT.toLocaleString('en-GB')} changes`;
  return total === 1 ? '1 change' : `${total.toLocaleString('en-GB')} changes`;
}

/** /admin/history: every recorded change, newest first, with filters and a CSV export (admins). */
export default function ActivityIndex({ entries, total, filters }: PageProps<'admin/history/Index'>) {
  const download = `${ACTIVITY_DOWNLOAD_URL}?${new URLSearchParams(activityQueryOf(filters)).toString()}`;
  return (
    <>
      <Head title={HISTORY_TEXTS.activityTitle} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{HISTORY_TEXTS.activityTitle}</h1>
        <span className="text-body-secondary">{totalText(total)}</span>
        {/* A file download: a browser navigation, not an Inertia visit. */}
        <a href={download} className="btn btn-outline-primary btn-sm" download>
          <Icon name="bi-download" className="me-1" />
          {HISTORY_TEXTS.exportCsv}
        </a>
      </div>
      <ActivityFilterForm filters={filters} />
      {entries.pastLastPage ? (
        <PastLastPageNotice pastLastPage={entries.pastLastPage} />
      ) : entries.data.length === 0 ? (
        <Notice variant="warning">{HISTORY_TEXTS.activityEmpty}</Notice>
      ) : (
        <ol className="list-unstyled" aria-label="Changes">
          {entries.data.map((entry) => (
            <li key={entry.id} className="border-bottom py-2">
              <HistoryEntryView entry={entry} />
              <div className="small text-body-secondary">
                {HISTORY_KINDS[entry.kind as HistoryKind] ?? (entry.kind.startsWith('advanced:') ? HISTORY_KINDS.advanced : entry.kind)}
                {entry.item && (
                  <>
                    {' · '}
                    <AppLink href={ROUTES.item.path({ ref: entry.item.ref })}>{entry.item.title}</AppLink>
                  </>
                )}
                {entry.route && <> · {entry.route}</>}
              </div>
              {entry.batch && !entry.batch.startsWith(UNDO_PREFIX) && <UndoBatchButton batch={entry.batch} />}
            </li>
          ))}
        </ol>
      )}
      <Pagination links={entries.links} label="Pages of changes" />
    </>
  );
}

const UNDO_PREFIX = 'undo:';

/** Undoes the whole batch edit an entry belongs to, saying what the server did or refused. */
function UndoBatchButton({ batch }: { batch: string }) {
  const [said, setSaid] = useState<{ ok: true; undone: BatchResult } | { ok: false; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const undo = async () => {
    setBusy(true);
    const answer = await undoBatch(batch);
    setBusy(false);
    setSaid(answer.ok ? { ok: true, undone: answer.value } : { ok: false, text: answer.message });
    if (answer.ok) router.reload();
  };
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mt-1">
      <Button size="sm" variant="outline-secondary" disabled={busy} onClick={() => void undo()}>
        Undo this batch
      </Button>
      <div role="status" className={`small ${said?.ok === false ? 'text-danger' : ''}`}>
        {said && (said.ok ? <BatchUndoOutcome undone={said.undone} /> : said.text)}
      </div>
    </div>
  );
}

function ActivityFilterForm({ filters }: { filters: ActivityFilters }) {
  const [person, setPerson] = useState(filters.person);
  const [kind, setKind] = useState<string>(filters.kind ?? '');
  const [from, setFrom] = useState(filters.from);
  const [to, setTo] = useState(filters.to);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    router.get(ACTIVITY_URL, { person, kind, from, to }, { preserveScroll: true });
  };
  return (
    <Form className="row g-2 align-items-end mb-3" onSubmit={apply} aria-label="Filters">
      <Form.Group className="col-12 col-md-4" controlId="activity-person">
        <Form.Label>Person</Form.Label>
        <Form.Control
          type="search"
          value={person}
          maxLength={ACTIVITY_PERSON_MAX_LENGTH}
          placeholder="Name or e-mail"
          onChange={(event) => setPerson(event.target.value)}
        />
      </Form.Group>
      <Form.Group className="col-12 col-md-3" controlId="activity-kind">
        <Form.Label>Kind</Form.Label>
        <Form.Select value={kind} onChange={(event) => setKind(event.target.value)}>
          <option value="">Every kind</option>
          {Object.entries(HISTORY_KINDS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="col-6 col-md-2" controlId="activity-from">
        <Form.Label>From</Form.Label>
        <Form.Control type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
      </Form.Group>
      <Form.Group className="col-6 col-md-2" controlId="activity-to">
        <Form.Label>To</Form.Label>
        <Form.Control type="date" value={to} onChange={(event) => setTo(event.target.value)} />
      </Form.Group>
      <div className="col-12 col-md-1">
        <Button type="submit" variant="primary" className="w-100">
          Apply
        </Button>
      </div>
    </Form>
  );
}
