import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isKnownTimeZone } from '../shared/dates';

/** The only place that reads process.env. Every variable is documented in .env.example. */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));

const csv = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** A variable set to nothing (`TIME_ZONE=`) counts as unset, so its default applies. */
function blankAsUnset(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : typeof value === 'string' ? value.trim() : value;
}

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  APP_NAME: z.string().min(1).default('Equip'),
  /** The organisation's time zone (IANA name): every date on pages and in e-mails is shown in it. */
  TIME_ZONE: z.preprocess(blankAsUnset, z.string().default('UTC').refine(isKnownTimeZone, 'must be a time zone name such as Europe/London or UTC')),
  /** The address people reach Equip at (links in e-mails and invitations); unset: http://HOST:PORT (localhost for 0.0.0.0). */
  APP_URL: z.union([z.literal(''), z.url()]).optional(),
  PRODUCTION_HOST: z.string().default('equip.example.org'),
  DATABASE_URL: optionalString,
  DATA_DIR: z.string().default('./data'),
  SESSION_SECRET: optionalString,
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().positive().default(30),
  COOKIE_SECURE: booleanFromEnv,
  /**
   * Which proxies in front of Equip may say who the client is (X-Forwarded-For/-Proto/-Host): unset or false, none;
   * a number, that many hops (true means 1, a single load balancer); else a comma-separated list of proxy addresses
   * or CIDR ranges. Never "every hop": the client writes the leftmost X-Forwarded-For entry itself.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context): false | number | string[] => {
      const text = (value ?? '').trim().toLowerCase();
      if (text === '' || text === 'false' || text === '0') return false;
      if (text === 'true') return 1;
      if (/^\d+$/.test(text)) return Number(text);
      const proxies = text
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      if (proxies.every((entry) => /^[0-9a-f.:]+(\/\d{1,3})?$/.test(entry))) return proxies;
      context.addIssue({ code: 'custom', message: 'must be false, a number of hops, or a list of proxy addresses or CIDR ranges' });
      return false;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * `/metrics` (Prometheus' text format) answers a scraper that sends `Authorization: Bearer <this>`; long enough that it
   * cannot be guessed. Unset, and without METRICS_ALLOW_PRIVATE, `/metrics` answers 404.
   */
  METRICS_TOKEN: optionalString.refine((token) => token === undefined || token.length >= 32, 'must be at least 32 characters (openssl rand -hex 32)'),
  /** `/metrics` also answers loopback and private addresses without the token (the client's address as TRUST_PROXY finds it). */
  METRICS_ALLOW_PRIVATE: booleanFromEnv.transform((value) => value ?? false),
  VITE_DEV_SERVER_URL: optionalString,
  DEMO_LOGIN: booleanFromEnv,
  SEED_ON_EMPTY: booleanFromEnv,
  MAINTENANCE_MODE: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  /** Requests per minute per signed-in person, or per address for visitors; pictures and built files are not counted. */
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(1200),
  /** Type-ahead requests per minute per person (or address), counted apart from pages. */
  RATE_LIMIT_TYPEAHEAD_MAX: z.coerce.number().int().positive().default(300),
  /** Redis for what every instance must share (rate-limit counters); unset: each instance keeps its own in memory. */
  REDIS_URL: optionalString,
  /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().default('equip:'),
  RATE_LIMIT_SIGN_IN_MAX: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_UPLOAD_MAX: z.coerce.number().int().positive().default(30),
  /** Grants (POST {page}/share) per minute per IP. */
  RATE_LIMIT_SHARE_MAX: z.coerce.number().int().positive().default(20),
  /** Requests per minute per IP to the user list (/user, with its search). */
  RATE_LIMIT_USER_SEARCH_MAX: z.coerce.number().int().positive().default(60),
  IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  /** Render visitors' pages on the server too; default on, when the SSR build exists. */
  SERVER_RENDERING: booleanFromEnv.transform((value) => value ?? true),
  /** Item lists, searches and type-ahead results kept in memory (see docs/performance.md); 0 turns the cache off. */
  LIBRARY_CACHE_ENTRIES: z.coerce.number().int().min(0).default(5000),
  /** How long a counted item view may wait in memory before its batch is written (features/items/view-recorder.ts). */
  VIEW_BATCH_WINDOW_MS: z.coerce.number().int().min(1).default(1000),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  MICROSOFT_CLIENT_ID: optionalString,
  MICROSOFT_CLIENT_SECRET: optionalString,
  MICROSOFT_TENANT: z.string().default('common'),
  FACEBOOK_CLIENT_ID: optionalString,
  FACEBOOK_CLIENT_SECRET: optionalString,
  /** Test/override hook: an OpenID Connect issuer to use instead of a provider's real endpoints. */
  OAUTH_GOOGLE_ISSUER: optionalString,
  OAUTH_MICROSOFT_ISSUER: optionalString,
  OAUTH_FACEBOOK_ISSUER: optionalString,
  ORGANISATION_GOOGLE_DOMAINS: csv,
  ORGANISATION_USER_TYPE: z.string().default('Staff'),
  CONTACT_URL: z.string().default('mailto:hello@example.org'),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Equip <no-reply@example.org>'),
  /** Where item folders and content files live: `local` (DATA_DIR/drive, served by Equip) or `google` (Drive v3). */
  DRIVE: z.enum(['local', 'google']).default('local'),
  /** Google Drive: the folder (in a shared drive or shared with the service account) that holds every item folder. */
  DRIVE_ROOT_FOLDER_ID: optionalString,
  /** Google Drive: the service account's JSON key, as a file path or as the JSON itself. */
  DRIVE_GOOGLE_CREDENTIALS_FILE: optionalString,
  DRIVE_GOOGLE_CREDENTIALS_JSON: optionalString,
  /** Testing only: a Drive v3 server to use instead of Google's (the Drive client's rootUrl). */
  DRIVE_GOOGLE_API_URL: optionalString,
  /** Local drive: a command that converts office documents to PDF (LibreOffice's `soffice`); unset: found on PATH. */
  DRIVE_PDF_CONVERTER: optionalString,
  /** Largest content file accepted by Upload Content, in bytes (default 200 MB). */
  CONTENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(200 * 1024 * 1024),
  /** Seconds between runs of the mail outbox worker (server/mail/outbox.ts); mail queued by a request is sent sooner. */
  MAIL_OUTBOX_INTERVAL_SECONDS: z.coerce.number().int().positive().default(15),
  /** Days an invitation's accept link stays valid (the server sets the expiry; pages only show it). */
  INVITATION_VALID_DAYS: z.coerce.number().int().positive().default(14),
  /** Requests per minute per IP to create, send, regenerate, open, accept or decline invitations. */
  RATE_LIMIT_INVITE_MAX: z.coerce.number().int().positive().default(20),
  /** Days the request log (admin stats) keeps; older rows are deleted by a periodic job. */
  REQUEST_LOG_RETENTION_DAYS: z.coerce.number().int().positive().default(365),
  /** Days the history of changes keeps (the item's History, the activity feed); older changes are deleted by a periodic job. */
  HISTORY_RETENTION_DAYS: z.coerce.number().int().positive().default(730),
  /** Days a deleted item, collection, comment, tag, taxonomy or characteristic waits in the trash before a periodic job deletes it for good. */
  TRASH_RETENTION_DAYS: z.coerce.number().int().positive().default(30),
  /** Where the server log is also written (JSON lines, read by Server Logs); unset: DATA_DIR/logs/equip.log outside tests; 'off': stdout only. */
  LOG_FILE: optionalString,
  /** Seconds POST /admin/advanced waits for an action before the page shows it running, with its progress. */
  ADVANCED_ACTION_WAIT_SECONDS: z.coerce.number().min(0).max(60).default(3),
  /** Minutes check-external-links may run before it starts no new link. */
  ADVANCED_LINK_CHECK_MAX_MINUTES: z.coerce.number().int().positive().default(60),
  /** A connection with no traffic for this long is closed (Fastify connectionTimeout). */
  HTTP_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(120_000),
  /** A request whose headers and body have not all arrived after this long gets 408 (Node's requestTimeout; uploads included). */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(300_000),
  /**
   * How long an idle keep-alive connection stays open. Longer than the load balancer's own idle timeout, so the
   * balancer never sends a request on a connection Equip is closing.
   */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1).default(75_000),
  /**
   * How many instances serve this deployment behind one load balancer. Above 1, start refuses what only works in one
   * process: the embedded database, rate limits in memory, a session secret of its own, files on its own disk.
   */
  INSTANCES: z.coerce.number().int().min(1).default(1),
  /** True when DATA_DIR is one volume that every instance mounts, so the local drive's files are shared. */
  DATA_DIR_SHARED: booleanFromEnv,
  /** Seconds between runs of the periodic jobs (expired sessions, old request log rows, recent view counts), once for all instances. */
  PERIODIC_JOBS_INTERVAL_SECONDS: z.coerce
    .number()
    .min(0.1)
    .max(7 * 24 * 3600)
    .default(3600),
  /**
   * On SIGTERM, seconds /readyz answers 503 while requests are still served, so the load balancer stops sending new
   * ones before the instance closes (above its check interval × fall count); 0 closes at once.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig extends Omit<Env, 'APP_URL' | 'SESSION_SECRET' | 'COOKIE_SECURE' | 'TRUST_PROXY' | 'DEMO_LOGIN' | 'SEED_ON_EMPTY'> {
  APP_URL: string;
  isProduction: boolean;
  isTest: boolean;
  sessionSecret: string;
  cookieSecure: boolean;
  /** Fastify's trustProxy: false, a number of hops, or the proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  demoLogin: boolean;
  seedOnEmpty: boolean;
  /** PGlite data directory or `memory://`, used when DATABASE_URL is unset. */
  pgliteDataDir: string;
}

export class ConfigError extends Error {}

/** Reads and validates configuration; throws ConfigError with every problem listed. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const problems = [...productionProblems(env), ...severalInstancesProblems(env)];
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  const { APP_URL, SESSION_SECRET, COOKIE_SECURE, TRUST_PROXY, DEMO_LOGIN, SEED_ON_EMPTY, ...rest } = env;
  const config: AppConfig = {
    ...rest,
    APP_URL: APP_URL || defaultAppUrl(env.HOST, env.PORT),
    isProduction,
    isTest: env.NODE_ENV === 'test',
    sessionSecret: SESSION_SECRET ?? developmentSecret(env.DATA_DIR, env.NODE_ENV),
    cookieSecure: COOKIE_SECURE ?? isProduction,
    trustProxy: TRUST_PROXY,
    // Demo sign-in never exists in production, whatever DEMO_LOGIN says.
    demoLogin: !isProduction && (DEMO_LOGIN ?? true),
    seedOnEmpty: SEED_ON_EMPTY ?? !isProduction,
    pgliteDataDir: path.join(env.DATA_DIR, 'pglite'),
    ...overrides,
  };
  if (config.isProduction) config.demoLogin = false;
  return config;
}

function productionProblems(env: Env): string[] {
  if (env.NODE_ENV !== 'production' || (env.SESSION_SECRET && env.SESSION_SECRET.length >= 32)) return [];
  return ['SESSION_SECRET: must be set to at least 32 characters in production'];
}

/** What would split one deployment into INSTANCES separate ones: every instance must share these. */
function severalInstancesProblems(env: Env): string[] {
  if (env.INSTANCES === 1) return [];
  const several = `with INSTANCES=${env.INSTANCES}`;
  const problems: string[] = [];
  if (!env.DATABASE_URL) problems.push(`DATABASE_URL: must be set ${several}; the embedded database (PGlite) belongs to one process`);
  if (!env.REDIS_URL) problems.push(`REDIS_URL: must be set ${several}, so that rate limits count the requests of every instance`);
  if (!env.SESSION_SECRET) problems.push(`SESSION_SECRET: must be set ${several}, the same on every instance, so that any instance reads any session`);
  if (env.DRIVE === 'local' && !env.DATA_DIR_SHARED) {
    problems.push(
      `DRIVE: 'local' ${several} keeps content files on this instance's disk (DATA_DIR/drive), where the other instances cannot read them; ` +
        'use DRIVE=google, or set DATA_DIR_SHARED=true when DATA_DIR is one volume that every instance mounts',
    );
  }
  return problems;
}

/** Where this process can be reached when APP_URL is not set: its own address and port. */
function defaultAppUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' ? 'localhost' : host === '127.0.0.1' ? 'localhost' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/** Outside production a random secret is kept in the data folder so restarts keep people signed in. */
function developmentSecret(dataDir: string, nodeEnv: string): string {
  if (nodeEnv === 'test') return 'test-secret-test-secret-test-secret-0123456789';
  const file = path.join(dataDir, '.session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
