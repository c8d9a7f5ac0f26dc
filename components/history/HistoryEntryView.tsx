import Button from 'react-bootstrap/Button';
import { HISTORY_TEXTS, type HistoryEntry, type HistoryRestore } from '../../shared/history';
import { useDates } from '../lib/useDates';

interface HistoryEntryViewProps {
  entry: HistoryEntry;
  /** Where restoring is offered (the item's History); the activity feed only shows. */
  onRestore?: (visit: HistoryRestore) => void;
  restoring?: boolean;
}

/** One recorded change: when, who (and who acted as them), what, and each value before and after. */
export default function HistoryEntryView({ entry, onRestore, restoring = false }: HistoryEntryViewProps) {
  const dates = useDates();
  const restoreButton = (visit: HistoryRestore | undefined, what: string) =>
    visit && onRestore ? (
      <Button
        size="sm"
        variant="outline-primary"
        className="ms-2"
        disabled={restoring}
        onClick={() => onRestore(visit)}
        aria-label={`${HISTORY_TEXTS.restore}: ${what}`}
      >
        {HISTORY_TEXTS.restore}
      </Button>
    ) : null;
  return (
    <article aria-label={entry.summary}>
      <div className="d-flex flex-wrap align-items-baseline gap-2">
        <strong className="text-break">{entry.summary}</strong>
        {restoreButton(entry.restore, entry.summary)}
      </div>
      <div className="small text-body-secondary">
        <time dateTime={entry.at}>{dates.dayAndTime(entry.at)}</time> · {entry.who}
        {entry.actingAs && <> (by {entry.actingAs}, acting as them)</>}
      </div>
      {entry.changes.length > 0 && (
        <dl className="small mb-0 mt-1">
          {entry.changes.map((change) => (
            <div key={change.label} className="mb-1">
              <dt className="d-inline fw-semibold">{change.label}: </dt>
              <dd className="d-inline mb-0 text-break">
                <del className="text-body-secondary">{change.from}</del> → <ins className="text-decoration-none">{change.to}</ins>
                {restoreButton(change.restore, `${change.label} “${change.from}”`)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </article>
  );
}
