import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app';

const ctx = useTestApp({ env: { RATE_LIMIT_MAX: '3' } });

function aBuiltScript(): string {
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  return `/build/${Object.values(manifest)[0].file}`;
}

describe('the global rate limit', () => {
  it('counts pages per address, but never the built script chunks a page load fetches', async () => {
    const script = aBuiltScript();
    const scripts: number[] = [];
    for (let request = 0; request < 6; request++) scripts.push((await ctx.app.inject({ method: 'GET', url: script })).statusCode);
    expect(scripts).toEqual([200, 200, 200, 200, 200, 200]);

    const pages: number[] = [];
    for (let request = 0; request < 4; request++) pages.push((await ctx.app.inject({ method: 'GET', url: '/login' })).statusCode);
    expect(pages).toEqual([200, 200, 200, 429]);
  });
});
