/**
 * The profile's "Download my data" card: Prepare my data (or why not now), and the person's latest requests with
 * their state. The download itself is only ever the e-mailed link, which this page never has.
 */
import { useId, useState } from 'react';
import { router } from '@inertiajs/react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { DATA_EXPORT_TEXT, type DataExportSection, type DataExportState, type DataExportSummary } from '../../shared/data-export';
import { PROFILE_DATA_EXPORT_URL } from '../../shared/navigation';
import { useDates } from '../lib/useDates';

const STATE_BADGES: Record<DataExportState, { bg: string; text?: 'dark' }> = {
  preparing: { bg: 'info', text: 'dark' },
  ready: { bg: 'success' },
  expired: { bg: 'secondary' },
  failed: { bg: 'danger' },
};

export default function DownloadMyData({ exports, canRequest, cannotRequestBecause }: DataExportSection) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const request = () => router.post(PROFILE_DATA_EXPORT_URL, {}, { preserveScroll: true, onStart: () => setBusy(true), onFinish: () => setBusy(false) });
  return (
    <section className="card mb-3" aria-labelledby={titleId}>
      <div className="card-body">
        <h2 id={titleId} className="card-title h5">
          {DATA_EXPORT_TEXT.title}
        </h2>
        <p>{DATA_EXPORT_TEXT.intro}</p>
        {canRequest ? (
          <Button variant="primary" size="sm" className="mb-3" disabled={busy} onClick={request}>
            {DATA_EXPORT_TEXT.request}
          </Button>
        ) : (
          cannotRequestBecause && <p className="small text-body-secondary">{cannotRequestBecause}</p>
        )}
        {exports.length === 0 ? (
          <p className="text-body-secondary mb-0">{DATA_EXPORT_TEXT.none}</p>
        ) : (
          <ul className="list-unstyled mb-0" aria-label={DATA_EXPORT_TEXT.listLabel}>
            {exports.map((entry) => (
              <ExportRow key={entry.ref} entry={entry} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function ExportRow({ entry }: { entry: DataExportSummary }) {
  const dates = useDates();
  const badge = STATE_BADGES[entry.state];
  return (
    <li className="py-2 border-bottom d-flex flex-wrap align-items-center column-gap-2">
      <Badge bg={badge.bg} text={badge.text}>
        {DATA_EXPORT_TEXT.states[entry.state]}
      </Badge>
      <span className="small text-body-secondary">
        {DATA_EXPORT_TEXT.requested} {dates.dayAndTime(entry.requestedAt)}
      </span>
      {entry.state === 'ready' && entry.expiresAt && <span className="small w-100">{DATA_EXPORT_TEXT.readyUntil(dates.day(entry.expiresAt))}</span>}
    </li>
  );
}
