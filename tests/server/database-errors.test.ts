import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isDataException } from '../../server/db/errors';

const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe('how a failed request is told apart', () => {
  it('calls it a database outage only when a database call failed to connect', () => {
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], socketError('ECONNREFUSED')))).toBe(true);
    expect(
      isDatabaseUnavailable(
        new DrizzleQueryError(
          'select 1',
          [],
          Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' }),
        ),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('does not call a socket error of the drive or the mail server a database outage', () => {
    expect(isDatabaseUnavailable(socketError('ECONNRESET'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('request to https://www.googleapis.com failed', { cause: socketError('ETIMEDOUT') }))).toBe(false);
  });

  it('does not call a query the database refused an outage', () => {
    const refused = new DrizzleQueryError('insert …', [], Object.assign(new Error('value out of range'), { code: '22003', severity: 'ERROR' }));
    expect(isDatabaseUnavailable(refused)).toBe(false);
    expect(isDataException(refused)).toBe(true);
  });
});
