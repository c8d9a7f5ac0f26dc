/**
 * The parts of /metrics that need no app (features/metrics): who counts as a private address, where a proxy Equip does
 * not trust is involved, the bearer token, the setting's own checks, and an outbox that cannot be read.
 */
import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { Registry } from 'prom-client';
import { ConfigError, loadConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { mailOutboxMetrics } from '../../server/features/metrics/collected';
import { metricsEnabled } from '../../server/features/metrics/plugin';
import { bearerToken, fromPrivateAddress, isPrivateAddress } from '../../server/features/metrics/scraper-access';

describe('a private address', () => {
  it('is loopback, RFC 1918 or IPv6 unique local, IPv4 written as IPv6 included', () => {
    for (const address of ['127.0.0.1', '127.5.6.7', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '::1', 'fd12:3456::1', '::ffff:10.1.2.3']) {
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    }
    for (const address of ['203.0.113.9', '172.32.0.1', '8.8.8.8', '169.254.169.254', '2001:db8::1', 'fe80::1', '::ffff:8.8.8.8', '', 'localhost']) {
      expect([address, isPrivateAddress(address)]).toEqual([address, false]);
    }
  });

  it('is never taken from a request a proxy forwarded while TRUST_PROXY trusts none', () => {
    const forwarded = { ip: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } };
    expect(fromPrivateAddress(forwarded, false)).toBe(false);
    expect(fromPrivateAddress({ ip: '127.0.0.1', headers: {} }, false)).toBe(true);
    // With a trusted proxy, request.ip is already the client's (Fastify's trustProxy).
    expect(fromPrivateAddress({ ip: '10.0.0.5', headers: { 'x-forwarded-for': '10.0.0.5' } }, 1)).toBe(true);
  });
});

describe('the bearer token', () => {
  it('is read from an Authorization header of the Bearer scheme only', () => {
    expect(bearerToken('Bearer abc.def-123')).toBe('abc.def-123');
    expect(bearerToken('bearer  abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken('Bearer')).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});

describe('the settings', () => {
  it('leave /metrics off unless a token or private addresses are allowed', () => {
    expect(metricsEnabled(loadConfig({ NODE_ENV: 'test' }))).toBe(false);
    expect(metricsEnabled(loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: ' ', METRICS_ALLOW_PRIVATE: '' }))).toBe(false);
    expect(metricsEnabled(loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: 'a'.repeat(32) }))).toBe(true);
    expect(metricsEnabled(loadConfig({ NODE_ENV: 'test', METRICS_ALLOW_PRIVATE: 'true' }))).toBe(true);
  });

  it('refuse a token short enough to guess, without repeating it', () => {
    const short = 'short-token-123';
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: short })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: short })).toThrow(/METRICS_TOKEN: must be at least 32 characters/);
    try {
      loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: short });
    } catch (error) {
      expect((error as Error).message).not.toContain(short);
    }
  });
});

describe('the mail outbox’s gauges', () => {
  it('are left out of the scrape, not reported as an empty outbox, when the database does not answer', async () => {
    const failing = {
      select: () => {
        throw new Error('connection refused');
      },
    } as unknown as Database;
    const warn = vi.fn();
    const registry = new Registry();
    mailOutboxMetrics(registry, failing, { warn } as unknown as FastifyBaseLogger);
    const text = await registry.metrics();
    expect(text).toContain('# TYPE equip_mail_outbox_unsent_messages gauge');
    expect(text).not.toMatch(/^equip_mail_outbox_unsent_messages /m);
    expect(text).not.toMatch(/^equip_mail_outbox_oldest_unsent_age_seconds /m);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
