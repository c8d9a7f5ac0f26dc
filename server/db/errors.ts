/** SQLSTATE 23505: a unique constraint refused the write. */
const UNIQUE_VIOLATION = '23505';

/** Whether a database error (or one it wraps, as drizzle does) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Object; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}
