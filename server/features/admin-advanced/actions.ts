/**
 * Runs one Admin Advanced action and answers its plain-text report for the page's response box
 * (admin-curation §2, §7). The drive and image checks are the drive-health feature's.
 */
import { isDriveHealthAction } from '../../../shared/enums';
import type { AdvancedAction, OwnAdvancedAction } from '../../../shared/advanced';
import type { Database } from '../../db/client';
import type { DrivePort } from '../../drive/port';
import { runDriveHealthAction } from '../drive-health/actions';
import type { DriveHealthContext } from '../drive-health/context';
import { about, runtimeDetails } from './about';
import { checkExternalLinks } from './external-links';
import { runListing } from './listings';
import { clearDeploymentTasks, databaseStats, listDeploymentTasks, notionSeeder, updateSearchIndexes } from './maintenance';
import { formatTime } from './text-table';
import type { AddressPolicy } from './url-guard';

export interface AdvancedContext {
  db: Database;
  drive: DrivePort;
  now: Date;
  appName: string;
  environment: string;
  /** The drive-health context, built only when a drive or image action runs. */
  driveHealth: () => Promise<DriveHealthContext>;
  /** Seconds an action may take before the page is answered with what is known so far. */
  budgetSeconds: number;
  /** The link check's SSRF policy; production leaves it unset (the strict one). */
  linkPolicy?: AddressPolicy;
  /** Where a drive check that overran its budget reports when it finishes. */
  logLate: (action: AdvancedAction, report: string) => void;
}

type OwnRunner = (context: AdvancedContext) => Promise<string> | string;

const OWN_ACTIONS: Record<OwnAdvancedAction, OwnRunner> = {
  about: (context) => about(context),
  php: (context) => runtimeDetails(context.now),
  deployment_tasks: (context) => listDeploymentTasks(context.db, context.now),
  clear_running_deployment_tasks: (context) => clearDeploymentTasks(context.db, 'running', context.now),
  clear_failed_deployment_tasks: (context) => clearDeploymentTasks(context.db, 'failed', context.now),
  database_stats: (context) => databaseStats(context.db, context.now),
  notion_seeder: (context) => notionSeeder(context.now),
  'update-search-indexes': (context) => updateSearchIndexes(context.db, context.now),
  'check-external-links': (context) =>
    checkExternalLinks(context.db, context.now, { policy: context.linkPolicy, deadline: Date.now() + context.budgetSeconds * 1000 }),
  'all-items': (context) => runListing(context.db, 'all-items'),
  'all-content': (context) => runListing(context.db, 'all-content'),
  'all-shares': (context) => runListing(context.db, 'all-shares'),
  'all-tasks': (context) => runListing(context.db, 'all-tasks'),
  'all-taxonomies': (context) => runListing(context.db, 'all-taxonomies'),
  'all-tags': (context) => runListing(context.db, 'all-tags'),
  'all-users': (context) => runListing(context.db, 'all-users'),
  'all-potential-users': (context) => runListing(context.db, 'all-potential-users'),
  'all-broken-external-link-alerts': (context) => runListing(context.db, 'all-broken-external-link-alerts'),
};

export async function runAdvancedAction(action: AdvancedAction, context: AdvancedContext): Promise<string> {
  if (isDriveHealthAction(action)) return withinBudget(action, context, async () => runDriveHealthAction(action, await context.driveHealth()));
  return OWN_ACTIONS[action](context);
}

/**
 * A drive check cannot be cut short halfway, so past the budget the page is answered at once and the check goes on;
 * its report is written to the server log when it ends. (The link check stops itself at its deadline.)
 */
async function withinBudget(action: AdvancedAction, context: AdvancedContext, run: () => Promise<string>): Promise<string> {
  const work = run();
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), context.budgetSeconds * 1000);
  });
  try {
    const report = await Promise.race([work, overrun]);
    if (report !== null) return report;
  } finally {
    clearTimeout(timer);
  }
  work.then(
    (report) => context.logLate(action, report),
    (error: unknown) => context.logLate(action, `${action} failed: ${error instanceof Error ? error.message : String(error)}`),
  );
  return [
    `${action} (${formatTime(context.now)})`,
    '',
    `Stopped waiting after ${context.budgetSeconds} s: the check is still running on the server and writes its report to the server log`,
    '(Server Logs) when it finishes. Run it again later for a fresh report.',
  ].join('\n');
}
