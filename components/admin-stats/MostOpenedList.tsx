import type { StatsOpenedGroup, StatsOpenedResult } from '../../shared/stats';
import TargetName from './TargetName';

/** Visitors who were not signed in have no user type. */
const VISITORS = 'Visitors (not signed in)';

function OpenedList({ heading, results }: { heading: string; results: StatsOpenedResult[] }) {
  if (results.length === 0) return null;
  return (
    <>
      <h4 className="h6 mt-3">{heading}</h4>
      <ol className="list-group list-group-numbered">
        {results.map((result) => (
          <li key={result.path} className="list-group-item d-flex justify-content-between gap-3">
            <span className="me-auto ms-2">
              <TargetName target={result} />
            </span>
            <span className="badge text-bg-secondary align-self-center">{result.totalCount}</span>
          </li>
        ))}
      </ol>
    </>
  );
}

/** The Most Opened page: for each user type, the items and the contents it opened most in the range. */
export default function MostOpenedList({ groups }: { groups: StatsOpenedGroup[] }) {
  return (
    <section aria-label="Most Opened" className="mb-4">
      <h2 className="h4">Most Opened</h2>
      {groups.length === 0 ? (
        <p className="text-body-secondary">Nothing was opened in this range.</p>
      ) : (
        groups.map((group) => {
          const heading = group.userTypeId === null ? VISITORS : (group.userTypeTitle ?? `User type ${group.userTypeId}`);
          return (
            <section key={String(group.userTypeId)} aria-label={heading} className="mb-4">
              <h3 className="h5">{heading}</h3>
              <OpenedList heading="Items" results={group.items} />
              <OpenedList heading="Contents" results={group.contents} />
            </section>
          );
        })
      )}
    </section>
  );
}
