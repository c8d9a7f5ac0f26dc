/**
 * Runs one Admin Advanced action and answers its plain-text report for the page's response box.
 * The drive and image checks are the drive-health feature's. Actions run off the request
 * (runs.ts) and report progress as they go.
 */
import { isDriveHealthAction } from '../../../shared/enums';
import type { AdvancedAction, OwnAdvancedAction } from '../../../shared/advanced';
import type { Database } from '../../db/client';
import type { DrivePort } from '../../drive/port';
import { runDriveHealthAction, type DriveHealthContext } from '../drive-health';
import { about, runtimeDetails } from './about';
import { checkExternalLinks } from './external-links';
import { runListing } from './listings';
import { clearDeploymentTasks, databaseStats, listDeploymentTasks, notionSeeder, updateSearchIndexes } from './maintenance';
import type { AddressPolicy } from './url-guard';

export interface AdvancedContext {
  db: Database;
  drive: DrivePort;
  now: Date;
  appName: string;
  environment: string;
  /** The drive-health context, built only when a drive or image action runs. */
  driveHealth: () => Promise<DriveHealthContext>;
  /** Epoch ms after which the link check starts no new link (ADVANCED_LINK_CHECK_MAX_MINUTES). */
  linkCheckDeadline: number;
  /** The link check's SSRF policy; production leaves it unset (the strict one). */
  linkPolicy?: AddressPolicy;
  /** Takes the latest progress line of a long action; the page shows it while the action runs. */
  progress: (line: string) => void;
}

type OwnRunner = (context: AdvancedContext) => Promise<string> | string;

const OWN_ACTIONS: Record<OwnAdvancedAction, OwnRunner> = {
  about: (context) => about(context),
  php: (context) => runtimeDetails(context.now),
  deployment_tasks: (context) => listDeploymentTasks(context.db, context.now),
  clear_running_deployment_tasks: (context) => clearDeploymentTasks(context.db, 'running', context.now),
  clear_failed_deployment_tasks: (context) => clearDeploymentTasks(context.db, 'failed', context.now),
  database_stats: (context) => databaseStats(context.db, context.now, context.progress),
  notion_seeder: (context) => notionSeeder(context.now),
  'update-search-indexes': (context) => updateSearchIndexes(context.db, context.now, context.progress),
  'check-external-links': (context) =>
    checkExternalLinks(context.db, context.now, { policy: context.linkPolicy, deadline: context.linkCheckDeadline, progress: context.progress }),
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
  if (isDriveHealthAction(action)) return runDriveHealthAction(action, { ...(await context.driveHealth()), progress: context.progress });
  return OWN_ACTIONS[action](context);
}
