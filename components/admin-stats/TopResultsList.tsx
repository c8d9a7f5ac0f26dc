import { topByHeading, type StatsTopResult } from '../../shared/stats';
import TargetName from './TargetName';

/** How a key reads: '(none)' for requests without one, the user type's title beside its id. */
function keyText(result: StatsTopResult): string {
  const key = result.param_key === null || result.param_key === '' ? '(none)' : String(result.param_key);
  return result.param_label ? `${key} (${result.param_label})` : key;
}

/** A Top URLs key (or a referer of the site's own) that opens an item or content: named by its title. */
function isTarget(parameter: string, result: StatsTopResult): boolean {
  return (parameter === 'url' || parameter === 'referer') && (result.param_label !== null || result.deleted);
}

/** The 'By {parameter}' list: each key with its total count, largest first. */
export default function TopResultsList({ parameter, results }: { parameter: string; results: StatsTopResult[] }) {
  const heading = topByHeading(parameter);
  return (
    <section aria-label={heading} className="mb-4">
      <h2 className="h4">{heading}</h2>
      {results.length === 0 ? (
        <p className="text-body-secondary">No requests in this range.</p>
      ) : (
        <ul className="list-group">
          {results.map((result) => (
            <li key={String(result.param_key)} className="list-group-item d-flex justify-content-between gap-3">
              {isTarget(parameter, result) ? (
                <TargetName target={{ path: String(result.param_key), title: result.param_label, deleted: result.deleted }} />
              ) : (
                <span className="text-break">{keyText(result)}</span>
              )}
              <span className="badge text-bg-secondary align-self-center">{result.total_count}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
