import { DrizzleQueryError } from 'drizzle-orm';
/** SQLSTATE 23505: a unique constraint refused the write. */
const UNIQUE_VIOLATION = '23505';
/** SQLSTATE 40P01 and 40001: PostgreSQL rolled the transaction back to break a deadlock or a serialization conflict. */
const DEADLOCK_DETECTED = '40P01';
const SERIALIZATION_FAILURE = '40001';

/** The SQLSTATE of a database error, or of the one it wraps (drizzle wraps the driver's); null for any other error. */
function sqlStateOf(error: unknown): string | null {
  for (let e: unknown = error; e instanceof Object; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === UNIQUE_VIOLATION;
}

/** A failure that says nothing about the transaction itself: the same transaction run again may well succeed. */
export function isRetryableTransactionFailure(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state === DEADLOCK_DETECTED || state === SERIALIZATION_FAILURE;
}

/** SQLSTATE class 22, data exception: a value the database cannot take (out of range, not a date, NUL in text). */
export function isDataException(error: unknown): boolean {
  return sqlStateOf(error)?.startsWith('22') ?? false;
}

/** Node's socket errors when the server cannot be reached or drops the connection. */
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres says these in words only. */
const CONNECTION_ERROR_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Client was closed|the database system is (starting up|shutting down|in recovery)/i;

/**
 * Whether the database could not be reached or went away mid-request (a restart, a failover, a cut network): a
 * database call (drizzle's query error, or node-postgres's own) failed with class 08 (connection exception), 57P0x
 * (the server shut down or is not accepting connections), 53300 (no connection slot), or a connection failure of
 * the driver. A socket error of anything else (the drive, mail) is not the database's.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return isDatabaseCall(error) && chainOf(error).some(isConnectionFailure);
}

function chainOf(error: unknown): object[] {
  const chain: object[] = [];
  for (let e: unknown = error; e instanceof Object && chain.length < 10; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}

/** drizzle wraps every failed query in DrizzleQueryError; node-postgres's server errors carry a `severity`. */
function isDatabaseCall(error: unknown): boolean {
  return chainOf(error).some(
    (e) => e instanceof DrizzleQueryError || ('severity' in e && 'code' in e) || CONNECTION_ERROR_MESSAGES.test(String((e as { message?: unknown }).message)),
  );
}

function isConnectionFailure(e: object): boolean {
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('08') || /^57P0[1-4]$/.test(code) || code === '53300' || CONNECTION_ERROR_CODES.has(code))) return true;
  const message = (e as { message?: unknown }).message;
  return typeof message === 'string' && CONNECTION_ERROR_MESSAGES.test(message);
}
