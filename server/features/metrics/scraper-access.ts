/**
 * Who may read /metrics (docs/decisions/operations.md "Metrics"): a scraper that sends METRICS_TOKEN as a bearer
 * token, or, with METRICS_ALLOW_PRIVATE, one at a loopback or private address. With neither set, /metrics does not
 * exist for anyone (404). A missing token is a 401 that says how to authenticate, a wrong one a 403: a scraper is no
 * person, so plain text rather than the error pages.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describedAs } from '../../access/guards';
import type { AppConfig } from '../../config';
import { notFound } from '../../lib/http-errors';

/** Loopback, RFC 1918 and IPv6 unique local addresses. */
const PRIVATE_ADDRESSES = new BlockList();
PRIVATE_ADDRESSES.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE_ADDRESSES.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE_ADDRESSES.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE_ADDRESSES.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE_ADDRESSES.addAddress('::1', 'ipv6');
PRIVATE_ADDRESSES.addSubnet('fc00::', 7, 'ipv6');

/** Whether `address` is loopback or private; an IPv4 address written as IPv6 (`::ffff:10.1.2.3`) counts as itself. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && PRIVATE_ADDRESSES.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Whether the scraper is at a private address: the client's address as TRUST_PROXY finds it (`request.ip`). A request
 * a proxy forwarded while TRUST_PROXY trusts none comes from the proxy's address, often a private one, whoever sent it:
 * it is never let in this way.
 */
export function fromPrivateAddress(request: Pick<FastifyRequest, 'ip' | 'headers'>, trustProxy: AppConfig['trustProxy']): boolean {
  if (trustProxy === false && request.headers['x-forwarded-for'] !== undefined) return false;
  return isPrivateAddress(request.ip);
}

/** The token of an `Authorization: Bearer …` header; null when there is none. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header ?? '');
  return match ? match[1] : null;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The route's guard: `config` decides whether /metrics exists and who may read it. */
export function metricsScraper(config: Pick<AppConfig, 'METRICS_TOKEN' | 'METRICS_ALLOW_PRIVATE' | 'trustProxy'>) {
  // Digests of equal length, so comparing them takes the same time whatever was sent.
  const expected = config.METRICS_TOKEN === undefined ? null : digest(config.METRICS_TOKEN);
  return describedAs(
    'metrics scraper (METRICS_TOKEN, or a private address with METRICS_ALLOW_PRIVATE)',
    async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
      if (!expected && !config.METRICS_ALLOW_PRIVATE) throw notFound();
      if (config.METRICS_ALLOW_PRIVATE && fromPrivateAddress(request, config.trustProxy)) return undefined;
      const token = bearerToken(request.headers.authorization);
      if (expected && token !== null && timingSafeEqual(digest(token), expected)) return undefined;
      reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
      if (expected && token === null) return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send('A bearer token is needed.\n');
      return reply.code(403).send('Not allowed.\n');
    },
  );
}
