/**
 * A batch edit over a selection, previewed (a dry run) or applied: both walk the selection in chunks through
 * `runChunk`, so the preview's counts are the run's. Applying writes each chunk in its own transaction, all in one
 * batch of the change context, so each changed item row's history entry carries the batch id its undo reads.
 */
import { randomUUID } from 'node:crypto';
import { BATCH_REFUSALS, items, type BatchRefusal, type BatchResult, type BatchSummary } from '../../../shared/batch-edit';
import type { Viewer } from '../../access/policy';
import { inBatch } from '../../db/change-context';
import type { Database } from '../../db/client';
import type { ResolvedAction } from './action';
import { runChunk, type ItemOutcome } from './plan';

/** Items decided and written per transaction: row locks held briefly, a failure loses no earlier chunk's work. */
export const BATCH_CHUNK = 500;

export async function previewBatch(db: Database, viewer: Viewer, action: ResolvedAction, refs: string[]): Promise<BatchSummary> {
  const outcomes: ItemOutcome[] = [];
  for (const chunk of chunks(refs)) outcomes.push(...(await runChunk(db, viewer, action, chunk, false)));
  return summarize(action, refs.length, outcomes);
}

export async function applyBatch(db: Database, viewer: Viewer, action: ResolvedAction, refs: string[]): Promise<BatchResult> {
  const batch = randomUUID();
  const outcomes: ItemOutcome[] = [];
  await inBatch(batch, async () => {
    for (const chunk of chunks(refs)) outcomes.push(...(await db.transaction((tx) => runChunk(tx, viewer, action, chunk, true))));
  });
  const summary = summarize(action, refs.length, outcomes);
  return { ...summary, batch: summary.changed > 0 ? batch : null };
}

function chunks(refs: string[]): string[][] {
  const unique = [...new Set(refs)];
  const result: string[][] = [];
  for (let start = 0; start < unique.length; start += BATCH_CHUNK) result.push(unique.slice(start, start + BATCH_CHUNK));
  return result;
}

export function summarize(action: ResolvedAction | null, selected: number, outcomes: ItemOutcome[]): BatchSummary {
  const changed = outcomes.filter((each) => each.outcome === 'changed').length;
  const unchanged = outcomes.filter((each) => each.outcome === 'unchanged').length;
  const refused: Partial<Record<BatchRefusal, number>> = {};
  const refusedRefs: string[] = [];
  for (const each of outcomes) {
    if (each.outcome !== 'refused') continue;
    refused[each.reason] = (refused[each.reason] ?? 0) + 1;
    if (refusedRefs.length < 20) refusedRefs.push(each.ref);
  }
  const parts = [action ? `${whatItDoes(action)} ${items(changed)}, ${unchanged.toLocaleString('en')} ${already(action)}` : `restores ${items(changed)}`];
  for (const [reason, count] of Object.entries(refused) as [BatchRefusal, number][]) parts.push(BATCH_REFUSALS[reason](count));
  return { selected, changed, unchanged, refused, refusedRefs, description: parts.join('; ') };
}

function tagNames(action: Extract<ResolvedAction, { kind: 'add_tags' | 'remove_tags' }>): string {
  return action.tags.map((tag) => `'${tag.label}'`).join(', ');
}

function whatItDoes(action: ResolvedAction): string {
  if (action.kind === 'add_tags') return `adds ${tagNames(action)} to`;
  if (action.kind === 'remove_tags') return `removes ${tagNames(action)} from`;
  return `sets ${action.field.replaceAll('_', ' ')} to '${action.label}' on`;
}

function already(action: ResolvedAction): string {
  if (action.kind === 'add_tags') return 'already have it';
  if (action.kind === 'remove_tags') return 'do not have it';
  return 'already have this value';
}
