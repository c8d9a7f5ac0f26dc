/**
 * check-external-links: every item's available_external_link is requested (HEAD, then GET when HEAD fails),
 * redirects are followed by hand through the SSRF guard, and broken links are recorded in
 * broken_external_link_alerts (links that work again have their alerts resolved).
 */
import http from 'node:http';
import https from 'node:https';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brokenExternalLinkAlerts, items } from '../../db/schema';
import { formatTime, textTable } from './text-table';
import {
  assertCheckableUrl,
  guardedLookup,
  parseCheckableUrl,
  RefusedUrlError,
  STRICT_ADDRESS_POLICY,
  UnresolvableHostError,
  type AddressPolicy,
} from './url-guard';

export const LINK_TIMEOUT_MS = 5000;
export const LINK_CONCURRENCY = 5;
export const LINK_MAX_REDIRECTS = 5;

export interface LinkCheckOptions {
  /** The SSRF guard's policy; tests pass one that lets a local server through. */
  policy?: AddressPolicy;
  timeoutMs?: number;
  concurrency?: number;
  /** Epoch ms after which no new link is started. */
  deadline?: number;
  /** Takes a line after each link: how many are checked and broken so far. */
  progress?: (line: string) => void;
}

export interface LinkResult {
  ok: boolean;
  status: number | null;
  message: string;
  /** The last URL requested (after redirects). */
  finalUrl: string;
  /**
   * The check could not reach the site (its name did not resolve, no connection, no answer in time): a fault of this
   * side's network as likely as the site's, unlike an answer such as 404. False when the site answered.
   */
  unreachable: boolean;
}

/** Node's errors of a request that reached no one, by code, as a link's problem reads. */
const UNREACHABLE_CODES: Record<string, string> = {
  ENOTFOUND: 'its name does not resolve',
  EAI_AGAIN: 'its name could not be looked up',
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was cut',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host cannot be reached',
  ENETUNREACH: 'the network cannot be reached',
};

/** What a failed request means: unreachable from here (with why), or the site's own problem (a refused URL, TLS). */
function failureOf(error: unknown, timeoutMs: number): { unreachable: boolean; message: string } {
  if (error instanceof UnresolvableHostError) return { unreachable: true, message: `Unreachable from here: ${error.message}` };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code in UNREACHABLE_CODES) return { unreachable: true, message: `Unreachable from here: ${UNREACHABLE_CODES[code]}` };
  if (error instanceof NoAnswerError) return { unreachable: true, message: `Unreachable from here: no answer within ${timeoutMs / 1000} s` };
  return { unreachable: false, message: error instanceof Error ? error.message : String(error) };
}

class NoAnswerError extends Error {}

interface HopAnswer {
  status: number;
  location: string | undefined;
}

function requestOnce(url: URL, method: 'HEAD' | 'GET', policy: AddressPolicy, timeoutMs: number): Promise<HopAnswer> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      { method, agent: false, lookup: guardedLookup(policy), headers: { 'user-agent': 'Equip link checker', accept: '*/*' } },
      (response) => {
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
        response.destroy();
      },
    );
    const timer = setTimeout(() => request.destroy(new NoAnswerError(`No answer within ${timeoutMs / 1000} s`)), timeoutMs);
    request.on('close', () => clearTimeout(timer));
    request.on('error', reject);
    request.end();
  });
}

/** HEAD, or GET when HEAD is refused, fails or is not supported. */
async function requestHop(url: URL, policy: AddressPolicy, timeoutMs: number): Promise<HopAnswer> {
  try {
    const head = await requestOnce(url, 'HEAD', policy, timeoutMs);
    if (head.status < 400) return head;
  } catch (error) {
    if (error instanceof RefusedUrlError) throw error;
  }
  return requestOnce(url, 'GET', policy, timeoutMs);
}

const isRedirect = (status: number) => status >= 300 && status < 400;

export async function checkLink(link: string, options: LinkCheckOptions = {}): Promise<LinkResult> {
  const policy = options.policy ?? STRICT_ADDRESS_POLICY;
  const timeoutMs = options.timeoutMs ?? LINK_TIMEOUT_MS;
  let url: URL | null = null;
  try {
    url = parseCheckableUrl(link);
    for (let hop = 0; hop <= LINK_MAX_REDIRECTS; hop += 1) {
      await assertCheckableUrl(url, policy);
      const answer = await requestHop(url, policy, timeoutMs);
      if (isRedirect(answer.status) && answer.location) {
        url = parseCheckableUrl(answer.location, url);
        continue;
      }
      const ok = answer.status > 0 && answer.status < 400;
      return { ok, status: answer.status, message: ok ? 'OK' : `The site answered HTTP ${answer.status}`, finalUrl: url.href, unreachable: false };
    }
    return { ok: false, status: null, message: `More than ${LINK_MAX_REDIRECTS} redirects`, finalUrl: url.href, unreachable: false };
  } catch (error) {
    return { ok: false, status: null, ...failureOf(error, timeoutMs), finalUrl: url?.href ?? link };
  }
}

interface LinkedItem {
  id: number;
  code: string;
  link: string;
}

/**
 * Records a broken link: the open alert of the item's link counts one more failure, or one opens. It becomes a problem
 * of library health (and a task) only when it has failed again a day or more after it first did (problems.ts): a
 * resolver or network outage here fails every link once, and a site's blip should not open a task on its item.
 */
async function recordBroken(db: Database, item: LinkedItem, result: LinkResult, now: Date): Promise<void> {
  const open = and(eq(brokenExternalLinkAlerts.itemId, item.id), eq(brokenExternalLinkAlerts.url, item.link), isNull(brokenExternalLinkAlerts.resolvedAt));
  const latest = { statusCode: result.status, message: result.message, checkedAt: now, unreachable: result.unreachable };
  const updated = await db
    .update(brokenExternalLinkAlerts)
    .set({ ...latest, failures: sql`${brokenExternalLinkAlerts.failures} + 1` })
    .where(open)
    .returning({ id: brokenExternalLinkAlerts.id });
  if (updated.length > 0) return;
  await db.insert(brokenExternalLinkAlerts).values({ itemId: item.id, url: item.link, firstFailedAt: now, ...latest });
}

/** A link that works: its open alerts are resolved. */
async function resolveAlerts(db: Database, item: LinkedItem, now: Date): Promise<number> {
  const resolved = await db
    .update(brokenExternalLinkAlerts)
    .set({ resolvedAt: now, checkedAt: now })
    .where(and(eq(brokenExternalLinkAlerts.itemId, item.id), eq(brokenExternalLinkAlerts.url, item.link), isNull(brokenExternalLinkAlerts.resolvedAt)))
    .returning({ id: brokenExternalLinkAlerts.id });
  return resolved.length;
}

async function linkedItems(db: Database): Promise<LinkedItem[]> {
  const rows = await db
    .select({ id: items.id, code: items.code, link: items.availableExternalLink })
    .from(items)
    .where(and(isNotNull(items.availableExternalLink), sql`trim(${items.availableExternalLink}) <> ''`))
    .orderBy(items.code);
  return rows.map((row) => ({ id: row.id, code: row.code, link: row.link! }));
}

interface CheckOutcome {
  item: LinkedItem;
  result: LinkResult;
  resolvedAlerts: number;
}

export async function checkExternalLinks(db: Database, now: Date, options: LinkCheckOptions = {}): Promise<string> {
  const started = Date.now();
  const all = await linkedItems(db);
  const outcomes: CheckOutcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < all.length && (options.deadline === undefined || Date.now() < options.deadline)) {
      const item = all[next++]!;
      const result = await checkLink(item.link, options);
      if (!result.ok) await recordBroken(db, item, result, now);
      const resolvedAlerts = result.ok ? await resolveAlerts(db, item, now) : 0;
      outcomes.push({ item, result, resolvedAlerts });
      options.progress?.(progressLine(outcomes, all.length));
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? LINK_CONCURRENCY, Math.max(all.length, 1)) }, worker));
  return linkReport({ all, outcomes, now, seconds: Math.round((Date.now() - started) / 1000) });
}

function progressLine(outcomes: CheckOutcome[], total: number): string {
  const broken = outcomes.filter((outcome) => !outcome.result.ok).length;
  return `Checked ${outcomes.length} of ${total} external links: ${broken} broken so far.`;
}

function linkReport({ all, outcomes, now, seconds }: { all: LinkedItem[]; outcomes: CheckOutcome[]; now: Date; seconds: number }): string {
  const broken = outcomes.filter((outcome) => !outcome.result.ok);
  const resolved = outcomes.reduce((sum, outcome) => sum + outcome.resolvedAlerts, 0);
  const lines = [
    `check-external-links (${formatTime(now)})`,
    '',
    `Checked ${outcomes.length} of ${all.length} external links: ${outcomes.length - broken.length} working, ${broken.length} broken.`,
  ];
  const unreachable = broken.filter((outcome) => outcome.result.unreachable).length;
  if (unreachable > 0)
    lines.push(
      `${unreachable} of the broken could not be reached from here (no name, no connection or no answer): as likely this network's fault as the site's. A link becomes a problem only when it fails again a day or more later.`,
    );
  if (resolved > 0) lines.push(`Resolved ${resolved} alert${resolved === 1 ? '' : 's'} of links that work again.`);
  if (outcomes.length < all.length)
    lines.push(
      `Stopped after ${seconds} s (the time limit, ADVANCED_LINK_CHECK_MAX_MINUTES): ${all.length - outcomes.length} links were not checked this time.`,
    );
  if (broken.length > 0) {
    const rows = broken.sort((a, b) => a.item.code.localeCompare(b.item.code)).map(({ item, result }) => [item.code, item.link, result.status, result.message]);
    lines.push('', 'Broken links (recorded as alerts):', '', textTable(['item', 'url', 'status', 'problem'], rows));
  }
  return lines.join('\n');
}
