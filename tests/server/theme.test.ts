/**
 * The theme of a page's first paint (issue 20 §5): the person's choice from its cookie; for Auto, the system's
 * preference from the client hint, which every answer asks for; light without either.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app';

const context = useTestApp();

async function themeOf(headers: Record<string, string>): Promise<string | undefined> {
  const response = await context.app.inject({ method: 'GET', url: '/item', headers });
  expect(response.statusCode).toBe(200);
  return response.body.match(/<html lang="en" data-bs-theme="([a-z]+)"/)?.[1];
}

describe('the first paint’s theme', () => {
  it('is the chosen one, whatever the system prefers', async () => {
    expect(await themeOf({ cookie: 'theme=dark' })).toBe('dark');
    expect(await themeOf({ cookie: 'theme=light', 'sec-ch-prefers-color-scheme': 'dark' })).toBe('light');
  });

  it('follows the system’s preference for Auto, and is light without a hint or with a cookie it does not know', async () => {
    expect(await themeOf({ 'sec-ch-prefers-color-scheme': 'dark' })).toBe('dark');
    expect(await themeOf({ cookie: 'theme=auto', 'sec-ch-prefers-color-scheme': 'light' })).toBe('light');
    expect(await themeOf({})).toBe('light');
    expect(await themeOf({ cookie: 'theme="><script>' })).toBe('light');
  });

  it('asks browsers for the hint', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/item' });
    expect(response.headers['accept-ch']).toBe('Sec-CH-Prefers-Color-Scheme');
  });
});
