import { Signer } from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { RememberingCookieSigner } from '../../../server/auth/cookie-signer';

const SECRET = 'a-session-secret-of-at-least-thirty-two-characters';

describe('RememberingCookieSigner', () => {
  it("signs exactly as @fastify/cookie's Signer, so cookies issued before stay valid", () => {
    const plain = new Signer(SECRET);
    const remembering = new RememberingCookieSigner(SECRET);

    expect(remembering.sign('session-id-1')).toBe(plain.sign('session-id-1'));
    expect(remembering.sign('session-id-1')).toBe(plain.sign('session-id-1'));
    expect(remembering.unsign(plain.sign('session-id-2'))).toEqual({ valid: true, renew: false, value: 'session-id-2' });
  });

  it('answers a verified cookie again the same way, and signs its value to the same cookie', () => {
    const signer = new RememberingCookieSigner(SECRET);
    const cookie = new Signer(SECRET).sign('session-id-3');

    expect(signer.unsign(cookie)).toEqual({ valid: true, renew: false, value: 'session-id-3' });
    expect(signer.unsign(cookie)).toEqual({ valid: true, renew: false, value: 'session-id-3' });
    expect(signer.sign('session-id-3')).toBe(cookie);
  });

  it('refuses a cookie signed with another secret or tampered with, also after verifying the real one', () => {
    const signer = new RememberingCookieSigner(SECRET);
    const cookie = signer.sign('session-id-4');
    expect(signer.unsign(cookie).valid).toBe(true);

    const forged = new Signer('another-secret-of-at-least-thirty-two-characters').sign('session-id-4');
    const tampered = `session-id-5${cookie.slice('session-id-4'.length)}`;
    for (const bad of [forged, tampered, 'session-id-4', `${cookie}x`]) {
      expect(signer.unsign(bad)).toEqual({ valid: false, renew: false, value: null });
      expect(signer.unsign(bad).valid).toBe(false);
    }
  });
});
