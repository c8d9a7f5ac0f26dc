import { ROUTES } from '../../../shared/routes';
import type { Database } from '../client';
import { brokenExternalLinkAlerts, deploymentTasks, httpRequests, itemViews } from '../schema';
import { DEMO_ACCOUNTS } from './accounts';
import { insertRows } from './batches';
import type { SeedContext } from './context';
import type { SeededItem } from './library';
import { addDays } from './random';
import { visibleTo } from './sharing';
import type { SeedSummary } from './summary';

const FAVOURITES_PER_USER = 15;
const ANONYMOUS_VIEWS = 150;
const HTTP_REQUESTS = 300;
const BROKEN_LINKS = 5;
const MINUTE_MS = 60_000;

export async function insertTraffic(db: Database, context: SeedContext, library: readonly SeededItem[]): Promise<Partial<SeedSummary>> {
  return {
    itemViews: await insertRows(db, itemViews, viewRows(context, library)),
    httpRequests: await insertRows(db, httpRequests, httpRequestRows(context, library)),
    brokenExternalLinkAlerts: await insertRows(db, brokenExternalLinkAlerts, brokenLinkRows(context, library)),
    deploymentTasks: await insertRows(db, deploymentTasks, deploymentTaskRows(context.reference)),
  };
}

/**
 * Each demo account returns to a handful of favourites (skewed, so 'Frequent' differs
 * from 'Recent'); anonymous visitors browse public items.
 */
function viewRows({ rng, reference, people }: SeedContext, library: readonly SeededItem[]) {
  const personal = DEMO_ACCOUNTS.flatMap((account) => {
    const user = people.demo(account.email);
    const favourites = rng.sample(visibleTo(library, user.level), FAVOURITES_PER_USER);
    if (favourites.length === 0) return [];
    return Array.from({ length: rng.int(40, 90) }, () => ({
      itemId: favourites[Math.floor(rng.next() ** 2 * favourites.length)].id,
      userId: user.id,
      viewedAt: rng.daysBefore(reference, 0, 60),
    }));
  });
  const publicItems = visibleTo(library, 0);
  if (publicItems.length === 0) return personal;
  const anonymous = Array.from({ length: ANONYMOUS_VIEWS }, () => ({
    itemId: rng.pick(publicItems).id,
    userId: null,
    viewedAt: rng.daysBefore(reference, 0, 30),
  }));
  return [...personal, ...anonymous];
}

const PAGE_PATHS = [
  '/',
  '/tag/resource',
  '/tag/training',
  '/tag/person',
  '/tag/equipment',
  '/item?search=prayer',
  '/item?search=safeguarding',
  '/popular',
  '/login',
  '/collection',
  '/profile',
  '/admin',
  '/admin/stats',
];
const POST_PATHS = ['/logout', '/profile/verify', '/collection', '/auth/google/callback'];
const REFERERS = [null, null, 'https://www.google.com/', 'https://equip.example.org/', 'https://equip.example.org/tag/resource', 'https://www.facebook.com/'];

function httpRequestRows({ rng, reference, people }: SeedContext, library: readonly SeededItem[]) {
  const publicItems = visibleTo(library, 0);
  return Array.from({ length: HTTP_REQUESTS }, () => {
    const user = rng.chance(0.5) ? rng.pick(people.all) : null;
    const method = rng.weighted([
      ['GET', 85],
      ['POST', 10],
      ['PATCH', 3],
      ['DELETE', 2],
    ] as const);
    const itemPath = publicItems.length > 0 && rng.chance(0.4) ? ROUTES.item.path({ ref: rng.pick(publicItems).ref }) : null;
    const url = method === 'GET' ? (itemPath ?? rng.pick(PAGE_PATHS)) : rng.pick(POST_PATHS);
    return {
      method,
      url,
      referer: rng.pick(REFERERS),
      responseCode: rng.weighted([
        [method === 'GET' ? 200 : 302, 90],
        [404, 4],
        [403, 3],
        [500, 1],
        [410, 1],
      ] as const),
      userTypeId: user?.userTypeId ?? null,
      durationMs: rng.chance(0.03) ? rng.int(800, 2500) : rng.int(3, 250),
      createdAt: rng.daysBefore(reference, 0, 400),
    };
  });
}

const LINK_FAILURES = [
  { statusCode: 404, message: 'Not Found' },
  { statusCode: 410, message: 'Gone' },
  { statusCode: 500, message: 'Internal Server Error' },
  { statusCode: null, message: 'Timed out after 10 seconds' },
] as const;

function brokenLinkRows({ rng, reference }: SeedContext, library: readonly SeededItem[]) {
  const linked = library.filter((item) => item.externalLink !== null);
  return rng.sample(linked, BROKEN_LINKS).map((item, index) => {
    const checkedAt = rng.daysBefore(reference, 0, 10);
    return {
      ref: rng.ref(),
      itemId: item.id,
      url: item.externalLink!,
      ...rng.pick(LINK_FAILURES),
      checkedAt,
      // Confirmed alerts (two or more failures at least a day apart), so Library health shows them.
      firstFailedAt: addDays(checkedAt, -(1 + (index % 4))),
      failures: 2 + (index % 3),
      resolvedAt: index === 0 ? addDays(checkedAt, 1) : null,
    };
  });
}

function deploymentTaskRows(reference: Date) {
  const at = (minutesAgo: number) => new Date(reference.getTime() - minutesAgo * MINUTE_MS);
  return [
    {
      name: 'check-external-links',
      state: 'completed',
      output: 'Checked 412 links: 5 broken.',
      startedAt: at(2880),
      finishedAt: at(2876),
      createdAt: at(2880),
    },
    {
      name: 'drive-stats',
      state: 'completed',
      output: 'Folders: 318, files: 1,204, total 38.2 GB.',
      startedAt: at(1440),
      finishedAt: at(1440 - 2),
      createdAt: at(1440),
    },
    { name: 'update-search-indexes', state: 'running', output: 'Reindexing items…', startedAt: at(10), finishedAt: null, createdAt: at(10) },
    {
      name: 'missing-image-files',
      state: 'failed',
      output: 'Error: storage not reachable (ECONNREFUSED)',
      startedAt: at(300),
      finishedAt: at(299),
      createdAt: at(300),
    },
    { name: 'orphaned-image-files', state: 'pending', output: '', startedAt: null, finishedAt: null, createdAt: at(1) },
  ];
}
