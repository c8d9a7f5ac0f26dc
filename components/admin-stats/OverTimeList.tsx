import ProgressBar from 'react-bootstrap/ProgressBar';
import type { StatsOverTimeResult } from '../../shared/stats';

/** Percent of the largest count, so the busiest bucket fills its bar. */
export function barPercent(count: number, largest: number): number {
  return largest > 0 ? Math.round((count / largest) * 1000) / 10 : 0;
}

/** The 'Over Time' list: each date with its total count and a bar scaled to the largest count. */
export default function OverTimeList({ results }: { results: StatsOverTimeResult[] }) {
  const largest = results.reduce((max, result) => Math.max(max, result.total_count), 0);
  return (
    <section aria-label="Over Time" className="mb-4">
      <h2 className="h4">Over Time</h2>
      {results.length === 0 ? (
        <p className="text-body-secondary">No requests in this range.</p>
      ) : (
        <ul className="list-group">
          {results.map((result) => (
            <li key={result.date} className="list-group-item">
              <div className="d-flex justify-content-between gap-3">
                <span>{result.date}</span>
                <span>{result.total_count}</span>
              </div>
              <ProgressBar now={barPercent(result.total_count, largest)} aria-label={`${result.date}: ${result.total_count}`} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
