import { Head } from '@inertiajs/react';
import OverTimeList from '../../../components/admin-stats/OverTimeList';
import StatsLinks from '../../../components/admin-stats/StatsLinks';
import StatsRangeForm from '../../../components/admin-stats/StatsRangeForm';
import TopResultsList from '../../../components/admin-stats/TopResultsList';
import type { PageProps } from '../../../shared/pages';

/**
 * /admin/stats and its lists (admin-curation §2 "Admin Stats"): the links, the date range, then the 'By {parameter}'
 * list when a top-by parameter is given, or the 'Over Time' list when over-time results are.
 */
export default function AdminStatsIndex({ topByParameter, topResults, overTimeResults, range, path }: PageProps<'admin/stats/Index'>) {
  const overTimePage = path.startsWith('/admin/stats/time');
  return (
    <>
      <Head title="Stats" />
      <h1 className="mb-3">Stats</h1>
      <StatsRangeForm key={`${range.from}/${range.to}`} range={range} path={path} />
      <StatsLinks range={range} current={path} />
      {topByParameter ? <TopResultsList parameter={topByParameter} results={topResults} /> : null}
      {overTimePage ? <OverTimeList results={overTimeResults} /> : null}
    </>
  );
}
