import { Link } from '@inertiajs/react';
import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { ADVANCED_RUN_STATUS_LABELS, ADVANCED_URL, type AdvancedRunStatus, type AdvancedRunView } from '../../shared/advanced';
import { duration } from './runTimes';
import { useDates } from '../lib/useDates';

const STATUS_VARIANTS: Record<AdvancedRunStatus, string> = { running: 'info', done: 'success', failed: 'danger', interrupted: 'warning' };

/** The latest runs of any action, each with a link that shows its report (or its progress while it runs). */
export default function RecentRuns({ runs }: { runs: AdvancedRunView[] }) {
  const dates = useDates();
  if (runs.length === 0) return null;
  return (
    <section aria-labelledby="recent-runs-heading" className="mb-3">
      <h2 id="recent-runs-heading" className="h5">
        Recent runs
      </h2>
      <Table size="sm" responsive>
        <thead>
          <tr>
            <th scope="col">Action</th>
            <th scope="col">Status</th>
            <th scope="col">Started</th>
            <th scope="col">Took</th>
            <th scope="col">By</th>
            <th scope="col">
              <span className="visually-hidden">Report</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id}>
              <td>{run.label}</td>
              <td>
                <Badge bg={STATUS_VARIANTS[run.status]} text={run.status === 'interrupted' || run.status === 'running' ? 'dark' : undefined}>
                  {ADVANCED_RUN_STATUS_LABELS[run.status]}
                </Badge>
              </td>
              <td>{dates.dayAndTime(run.startedAt)}</td>
              <td>{run.finishedAt ? duration(run.startedAt, new Date(run.finishedAt).getTime()) : ''}</td>
              <td>{run.startedBy}</td>
              <td>
                <Link href={`${ADVANCED_URL}?run=${run.id}`} preserveScroll={false}>
                  {run.status === 'running' ? 'Follow' : 'Show report'}
                  <span className="visually-hidden">
                    {' '}
                    of {run.label}, {dates.dayAndTime(run.startedAt)}
                  </span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}
