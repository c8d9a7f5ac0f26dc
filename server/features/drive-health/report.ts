/**
 * The text reports the checks return for the response box of Admin Advanced: a heading with the action and
 * the time it ran, one finding per line, and a summary line last.
 */
import type { DriveHealthAction } from '../../../shared/enums';
import type { DriveHealthContext } from './context';

export const NO_PROBLEMS = 'No problems found.';

export function report(action: DriveHealthAction, now: Date, findings: readonly string[], summary: string): string {
  return [heading(action, now), ...findings, summary].join('\n');
}

function heading(action: DriveHealthAction, now: Date): string {
  return `${action} (${now.toISOString().slice(0, 16).replace('T', ' ')} UTC)`;
}

/** '1 folder', '3 folders'. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** The summary when there may be nothing to say: the parts with a count, or NO_PROBLEMS when every count is 0. */
export function summaryOf(parts: ReadonlyArray<readonly [count: number, text: string]>): string {
  const said = parts.filter(([count]) => count > 0).map(([, text]) => text);
  return said.length === 0 ? NO_PROBLEMS : `${capitalised(said.join('; '))}.`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The entries of `list`, telling `progress` how far the check is before each one: 'Checking 3 of 40 item folders.' */
export function* withProgress<T>(list: readonly T[], progress: DriveHealthContext['progress'], noun: string): Generator<T> {
  for (const [index, entry] of list.entries()) {
    progress?.(`Checking ${index + 1} of ${list.length} ${noun}.`);
    yield entry;
  }
}

export function itemLabel(item: { code: string; title: string }): string {
  return `${item.code} "${item.title}"`;
}

export function contentLabel(content: { label: string; item: { code: string; title: string } }): string {
  return `${itemLabel(content.item)} content "${content.label}"`;
}
