import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, envSchema, loadConfig } from '../../server/config';

describe('configuration', () => {
  it('documents every variable it reads in .env.example', () => {
    const documented = new Set(
      readFileSync('.env.example', 'utf8')
        .split('\n')
        .map((line) => /^#?\s*([A-Z][A-Z0-9_]+)=/.exec(line)?.[1])
        .filter(Boolean),
    );
    const undocumented = Object.keys(envSchema.shape).filter((name) => !documented.has(name));
    expect(undocumented).toEqual([]);
  });

  it('keeps files on the local drive unless told otherwise, with a 200 MB upload limit', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.DRIVE).toBe('local');
    expect(config.CONTENT_MAX_BYTES).toBe(200 * 1024 * 1024);
    expect(loadConfig({ NODE_ENV: 'test', DRIVE: 'google', DRIVE_ROOT_FOLDER_ID: ' abc ' }).DRIVE_ROOT_FOLDER_ID).toBe('abc');
  });

  it('links e-mails and invitations to the address it listens on unless APP_URL says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).APP_URL).toBe('http://localhost:3000');
    expect(loadConfig({ NODE_ENV: 'test', PORT: '4100' }).APP_URL).toBe('http://localhost:4100');
    expect(loadConfig({ NODE_ENV: 'test', PORT: '4100', HOST: '0.0.0.0' }).APP_URL).toBe('http://localhost:4100');
    expect(loadConfig({ NODE_ENV: 'test', PORT: '4100', HOST: '10.1.2.3' }).APP_URL).toBe('http://10.1.2.3:4100');
    expect(loadConfig({ NODE_ENV: 'test', PORT: '4100', APP_URL: '' }).APP_URL).toBe('http://localhost:4100');
    expect(loadConfig({ NODE_ENV: 'test', PORT: '4100', APP_URL: 'https://equip.example.org' }).APP_URL).toBe('https://equip.example.org');
    expect(() => loadConfig({ NODE_ENV: 'test', APP_URL: 'not a url' })).toThrow(ConfigError);
  });

  it('sets HTTP timeouts, the keep-alive one above a typical balancer’s idle timeout', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config).toMatchObject({ HTTP_CONNECTION_TIMEOUT_MS: 120_000, HTTP_REQUEST_TIMEOUT_MS: 300_000, HTTP_KEEP_ALIVE_TIMEOUT_MS: 75_000 });
    expect(loadConfig({ NODE_ENV: 'test', HTTP_KEEP_ALIVE_TIMEOUT_MS: '90000' }).HTTP_KEEP_ALIVE_TIMEOUT_MS).toBe(90_000);
  });

  it('lists every invalid setting at once', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', DRIVE: 'dropbox', CONTENT_MAX_BYTES: '-1' })).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'test', DRIVE: 'dropbox', CONTENT_MAX_BYTES: '-1' });
    } catch (error) {
      expect((error as Error).message).toMatch(/DRIVE:/);
      expect((error as Error).message).toMatch(/CONTENT_MAX_BYTES:/);
    }
  });

  it('trusts proxies by hop count or address, never every hop', () => {
    const trust = (value?: string) => loadConfig({ NODE_ENV: 'test', ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses to start in production without a long session secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }).demoLogin).toBe(false);
  });

  describe('several instances (INSTANCES above 1)', () => {
    const shared = {
      NODE_ENV: 'production',
      INSTANCES: '3',
      DATABASE_URL: 'postgres://db/equip',
      REDIS_URL: 'redis://cache:6379',
      SESSION_SECRET: 'x'.repeat(32),
      DRIVE: 'google',
    };

    it('starts when every instance shares the database, Redis, the session secret and the files', () => {
      expect(loadConfig(shared).INSTANCES).toBe(3);
      expect(loadConfig({ ...shared, DRIVE: 'local', DATA_DIR_SHARED: 'true' }).DRIVE).toBe('local');
    });

    it("refuses the local drive on an instance's own disk, saying what to use instead", () => {
      expect(() => loadConfig({ ...shared, DRIVE: 'local' })).toThrow(
        /DRIVE: 'local' with INSTANCES=3 keeps content files on this instance's disk.*use DRIVE=google, or set DATA_DIR_SHARED=true/s,
      );
    });

    it('names every setting that one process keeps to itself', () => {
      const problems = (env: Record<string, string>) => {
        try {
          loadConfig(env);
        } catch (error) {
          expect(error).toBeInstanceOf(ConfigError);
          return (error as Error).message.split('\n');
        }
        return [];
      };
      const development = problems({ NODE_ENV: 'development', INSTANCES: '2' });
      expect(development[0]).toBe('Invalid configuration:');
      expect(development.slice(1).map((line) => line.split(':')[0]!.trim())).toEqual(['DATABASE_URL', 'REDIS_URL', 'SESSION_SECRET', 'DRIVE']);
      // In production the session secret's own rule and the instances' rules come in one message.
      const production = problems({ ...shared, SESSION_SECRET: '', REDIS_URL: '' });
      expect(production.slice(1).map((line) => line.split(':')[0]!.trim())).toEqual(['SESSION_SECRET', 'REDIS_URL', 'SESSION_SECRET']);
    });

    it('asks nothing more of a single instance', () => {
      expect(loadConfig({ NODE_ENV: 'test' }).INSTANCES).toBe(1);
      expect(() => loadConfig({ NODE_ENV: 'test', INSTANCES: '0' })).toThrow(/INSTANCES/);
    });

    it('keeps the periodic jobs period and the drain within bounds a timer can keep', () => {
      expect(() => loadConfig({ NODE_ENV: 'test', PERIODIC_JOBS_INTERVAL_SECONDS: '10000000' })).toThrow(/PERIODIC_JOBS_INTERVAL_SECONDS/);
      expect(() => loadConfig({ NODE_ENV: 'test', PERIODIC_JOBS_INTERVAL_SECONDS: '0' })).toThrow(/PERIODIC_JOBS_INTERVAL_SECONDS/);
      expect(loadConfig({ NODE_ENV: 'test' }).SHUTDOWN_DRAIN_SECONDS).toBe(0);
      expect(() => loadConfig({ NODE_ENV: 'test', SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
    });
  });
});
