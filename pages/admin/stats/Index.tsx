import { Head } from '@inertiajs/react';
import MostOpenedList from '../../../components/admin-stats/MostOpenedList';
import OverTimeList from '../../../components/admin-stats/OverTimeList';
import StatsLinks from '../../../components/admin-stats/StatsLinks';
import StatsRangeForm from '../../../components/admin-stats/StatsRangeForm';
import TopResultsList from '../../../components/admin-stats/TopResultsList';
import UnmatchedSearchesList from '../../../components/admin-stats/UnmatchedSearchesList';
import type { PageProps } from '../../../shared/pages';
import { STATS_OPENED_URL, STATS_UNMATCHED_SEARCHES_URL } from '../../../shared/stats';

/**
 * /admin/stats and its lists: the links, the date range, then the 'By {parameter}'
 * list when a top-by parameter is given, the 'Over Time' list on the over-time pages, the most opened items and contents
 * per user type, or the searches that found nothing.
 */
export default function AdminStatsIndex({
  topByParameter,
  topResults,
  overTimeResults,
  mostOpened,
  unmatchedSearches,
  range,
  path,
}: PageProps<'admin/stats/Index'>) {
  const overTimePage = path.startsWith('/admin/stats/time');
  return (
    <>
      <Head title="Stats" />
      <h1 className="mb-3">Stats</h1>
      <StatsRangeForm key={`${range.from}/${range.to}`} range={range} path={path} />
      <StatsLinks range={range} current={path} />
      {topByParameter ? <TopResultsList parameter={topByParameter} results={topResults} /> : null}
      {overTimePage ? <OverTimeList results={overTimeResults} /> : null}
      {path === STATS_OPENED_URL ? <MostOpenedList groups={mostOpened} /> : null}
      {path === STATS_UNMATCHED_SEARCHES_URL ? <UnmatchedSearchesList results={unmatchedSearches} /> : null}
    </>
  );
}
