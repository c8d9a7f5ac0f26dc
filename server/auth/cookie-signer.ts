import { Signer } from '@fastify/cookie';
import { LRUCache } from 'lru-cache';

/** Session cookies remembered at once; each entry is a cookie value of about 100 characters. */
const REMEMBERED_COOKIES = 10_000;

interface UnsignResult {
  valid: boolean;
  renew: boolean;
  value: string | null;
}

/**
 * The session cookie's signer (@fastify/cookie's format, so existing cookies stay valid), remembering what it has
 * signed and verified. Every request with a session verifies its cookie and signs the id again (@fastify/session
 * does both), two HMACs for the same answer each time. Only verified values are remembered, so a flood of forged
 * cookies cannot push out real ones, and a forged cookie is never answered from memory.
 */
export class RememberingCookieSigner {
  private readonly signer: Signer;
  private readonly signed = new LRUCache<string, string>({ max: REMEMBERED_COOKIES });
  private readonly verified = new LRUCache<string, UnsignResult>({ max: REMEMBERED_COOKIES });

  constructor(secret: string) {
    this.signer = new Signer(secret);
  }

  sign(value: string): string {
    let signed = this.signed.get(value);
    if (signed === undefined) {
      signed = this.signer.sign(value);
      this.signed.set(value, signed);
    }
    return signed;
  }

  unsign(signedValue: string): UnsignResult {
    const remembered = this.verified.get(signedValue);
    if (remembered) return remembered;
    const result = this.signer.unsign(signedValue);
    if (result.valid && !result.renew && result.value !== null) {
      this.verified.set(signedValue, result);
      this.signed.set(result.value, signedValue);
    }
    return result;
  }
}
