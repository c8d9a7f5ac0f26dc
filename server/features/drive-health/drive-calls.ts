import { DriveNotFoundError } from '../../drive/port';

/**
 * The outcome of one drive call for one entry. A check turns a failure into a finding for that entry and
 * goes on with the next one, so one missing file or flaky call never hides the rest of the report.
 */
export type DriveFailure = { ok: false; missing: true } | { ok: false; missing: false; reason: string };
export type DriveOutcome<T> = { ok: true; value: T } | DriveFailure;

export async function attempt<T>(call: () => Promise<T>): Promise<DriveOutcome<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (error instanceof DriveNotFoundError) return { ok: false, missing: true };
    return { ok: false, missing: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** How a failed call reads in a finding: 'is missing from the drive' or 'could not be read (…)'. */
export function failureText(outcome: DriveFailure): string {
  return outcome.missing ? 'is missing from the drive' : `could not be read (${outcome.reason})`;
}

/** Why a change failed, for 'could not be renamed (…)': the drive's message, or that the entry is gone. */
export function failureReason(outcome: DriveFailure): string {
  return outcome.missing ? 'it is missing from the drive' : outcome.reason;
}
