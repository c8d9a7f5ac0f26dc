/** Secrets in URLs are redacted before any log keeps them (server/lib/redact.ts). */
import { describe, expect, it } from 'vitest';
import { REDACTED, redactUrl, redactUrlsIn } from '../../server/lib/redact';

const TOKEN = 'k3Jx_9fQ-abcdefghijklmnopqrstuvwxyz0123456';

describe('redactUrl', () => {
  it.each([
    [`/invite/${TOKEN}`, `/invite/${REDACTED}`],
    [`/invite/${TOKEN}?x=1`, `/invite/${REDACTED}?x=1`],
    [`/profile/verify/${TOKEN}`, `/profile/verify/${REDACTED}`],
    // The link to one's data ("Download my data"), and the sign-in page a visitor is sent to on the way.
    [`/profile/data-export/${TOKEN}`, `/profile/data-export/${REDACTED}`],
    [`/login?return_to=${encodeURIComponent(`/profile/data-export/${TOKEN}`)}`, `/login?return_to=${encodeURIComponent(`/profile/data-export/${REDACTED}`)}`],
    [`/%69nvite/${TOKEN}`, `/invite/${REDACTED}`],
    [`/i/abc123def456?share=${TOKEN}`, `/i/abc123def456?share=${REDACTED}`],
    [`/content/abc123def456?mode=download&SHARE=${TOKEN}#top`, `/content/abc123def456?mode=download&SHARE=${REDACTED}#top`],
    [`/auth/google/callback?state=${TOKEN}&code=4%2F0Ab${TOKEN}&scope=email`, `/auth/google/callback?state=${REDACTED}&code=${REDACTED}&scope=email`],
    [`/login?return_to=${encodeURIComponent(`/invite/${TOKEN}`)}`, `/login?return_to=${encodeURIComponent(`/invite/${REDACTED}`)}`],
    [`/login?return_to=${encodeURIComponent(`/i/abc?share=${TOKEN}`)}`, `/login?return_to=${encodeURIComponent(`/i/abc?share=${REDACTED}`)}`],
    [`https://equip.example.org/invite/${TOKEN}`, `https://equip.example.org/invite/${REDACTED}`],
    [`https://equip.example.org/i/abc?share=${TOKEN}`, `https://equip.example.org/i/abc?share=${REDACTED}`],
    // A personal access token wherever it was pasted.
    [`/api/v1/items?access_token=equip_pat_${TOKEN}&limit=5`, `/api/v1/items?access_token=${REDACTED}&limit=5`],
    [`/api/v1/equip_pat_${TOKEN}`, `/api/v1/${REDACTED}`],
  ])('%s becomes %s', (url, redacted) => {
    expect(redactUrl(url)).toBe(redacted);
    expect(redactUrl(redacted)).toBe(redacted);
  });

  it.each([
    '/',
    '/invite',
    '/profile/verify',
    '/profile/data-export',
    '/i/abc123def456',
    '/item?search=invite%2Fme&page=2',
    '/tag/resource?q=a%ZZ',
    '/user_invitation/abc123def456',
    'https://example.org/x?a=1&b',
  ])('leaves %s as it is', (url) => {
    expect(redactUrl(url)).toBe(url);
  });

  it('redacts a query value that cannot be decoded rather than guess', () => {
    expect(redactUrl(`/x?%ZZshare=${TOKEN}`)).toBe(`/x?%ZZshare=${REDACTED}`);
  });

  it('keeps a return address readable once its secret is out', () => {
    expect(decodeURIComponent(redactUrl(`/auth/google?return_to=${encodeURIComponent(`/profile/verify/${TOKEN}`)}`))).toBe(
      `/auth/google?return_to=/profile/verify/${REDACTED}`,
    );
  });
});

describe('redactUrlsIn', () => {
  it('redacts every URL in a text and leaves the rest alone', () => {
    expect(redactUrlsIn(`Route GET:/invite/${TOKEN} not found`)).toBe(`Route GET:/invite/${REDACTED} not found`);
    expect(redactUrlsIn(`see https://h.example/i/a?share=${TOKEN} and /profile/verify/${TOKEN} today`)).toBe(
      `see https://h.example/i/a?share=${REDACTED} and /profile/verify/${REDACTED} today`,
    );
    expect(redactUrlsIn(`a token equip_pat_${TOKEN} in a message`)).toBe(`a token ${REDACTED} in a message`);
    expect(redactUrlsIn('no addresses here')).toBe('no addresses here');
    expect(redactUrlsIn('dates 2025/03/01 and /srv/equip/logs stay')).toBe('dates 2025/03/01 and /srv/equip/logs stay');
  });

  it('keeps a JSON line valid JSON', () => {
    const line = JSON.stringify({
      msg: `Reply was already sent in the "/invite/${TOKEN}" route`,
      req: { url: `/i/x?share=${TOKEN}` },
      err: { stack: `Error: at /profile/verify/${TOKEN}\n    at handler` },
    });
    const redacted = redactUrlsIn(line);
    expect(redacted).not.toContain(TOKEN);
    expect(JSON.parse(redacted)).toEqual({
      msg: `Reply was already sent in the "/invite/${REDACTED}" route`,
      req: { url: `/i/x?share=${REDACTED}` },
      err: { stack: `Error: at /profile/verify/${REDACTED}\n    at handler` },
    });
  });
});

describe('a secret under a base path', () => {
  it('is redacted wherever its segment stands in the path', () => {
    expect(redactUrl('https://host.example/equip/invite/abcDEF123_-abcDEF123_-abcDEF123_-abcDEF123_-abc')).toBe('https://host.example/equip/invite/[redacted]');
    expect(redactUrl('/equip/profile/verify/abcDEF123?x=1')).toBe('/equip/profile/verify/[redacted]?x=1');
  });
});
