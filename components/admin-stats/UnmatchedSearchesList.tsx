import { plural } from '../../shared/messages';
import type { UnmatchedSearchResult } from '../../shared/stats';
import { useDates } from '../lib/useDates';

/**
 * The searches that found nothing: each search text with how many times it found nothing in the range
 * and when it last did, most frequent first. Who searched was never recorded.
 */
export default function UnmatchedSearchesList({ results }: { results: UnmatchedSearchResult[] }) {
  const dates = useDates();
  return (
    <section aria-label="Searches That Found Nothing" className="mb-4">
      <h2 className="h4">Searches That Found Nothing</h2>
      {results.length === 0 ? (
        <p className="text-body-secondary">No unmatched searches in this range.</p>
      ) : (
        <ul className="list-group">
          {results.map((result) => (
            <li key={result.searchText} className="list-group-item d-flex justify-content-between gap-3">
              <span className="text-break">
                {result.searchText}
                <small className="d-block text-body-secondary">last {dates.shortDay(result.lastSearchedAt)}</small>
              </span>
              <span className="badge text-bg-secondary align-self-center" aria-label={plural(result.totalCount, 'time')}>
                {result.totalCount}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
