/**
 * A batch edit over a selection, previewed (a dry run) or applied: both walk the selection in chunks through
 * `runChunk`, so the preview's counts are the run's. Applying writes each chunk in its own transaction, all in one
 * batch of the change context, so each changed item row's history entry carries the batch id its undo reads.
 */
import { randomUUID } from 'node:crypto';
import {
  BATCH_CHUNK,
  addBatchCounts,
  describeBatch,
  NO_BATCH_COUNTS,
  type BatchPreview,
  type BatchResult,
  type BatchSummary,
  type BatchWording,
} from '../../../shared/batch-edit';
import type { Viewer } from '../../access/policy';
import { inBatch } from '../../db/change-context';
import type { Database } from '../../db/client';
import type { ResolvedAction } from './action';
import { runChunk, type ItemOutcome } from './plan';

/** Each chunk of BATCH_CHUNK items is decided and written in its own transaction: row locks held briefly, a failure loses no earlier chunk's work. */
export async function previewBatch(db: Database, viewer: Viewer, action: ResolvedAction, refs: string[]): Promise<Omit<BatchPreview, 'matching'>> {
  const unique = [...new Set(refs)];
  const outcomes: ItemOutcome[] = [];
  for (const chunk of chunks(unique)) outcomes.push(...(await runChunk(db, viewer, action, chunk)));
  return { ...summarize(action, refs.length, outcomes), refs: unique };
}

/**
 * Applies the action under the batch id `continuing` (a later chunk of a batch the dialog applies a chunk at a time;
 * the caller checked it is the viewer's own) or a new one. The answer names the batch when anything changed, or when
 * it continued one.
 */
export async function applyBatch(db: Database, viewer: Viewer, action: ResolvedAction, refs: string[], continuing?: string): Promise<BatchResult> {
  const batch = continuing ?? randomUUID();
  const outcomes: ItemOutcome[] = [];
  await inBatch(batch, async () => {
    for (const chunk of chunks(refs)) outcomes.push(...(await db.transaction((tx) => runChunk(db, viewer, action, chunk, tx))));
  });
  const summary = summarize(action, refs.length, outcomes);
  return { ...summary, batch: summary.changed > 0 || continuing ? batch : null };
}

function chunks(refs: string[]): string[][] {
  const unique = [...new Set(refs)];
  const result: string[][] = [];
  for (let start = 0; start < unique.length; start += BATCH_CHUNK) result.push(unique.slice(start, start + BATCH_CHUNK));
  return result;
}

export function summarize(action: ResolvedAction | null, selected: number, outcomes: ItemOutcome[]): BatchSummary {
  let counts = { ...NO_BATCH_COUNTS, selected };
  for (const each of outcomes) {
    const one = each.outcome === 'refused' ? { refused: { [each.reason]: 1 }, refusedRefs: [each.ref] } : { [each.outcome]: 1 };
    counts = addBatchCounts(counts, { ...NO_BATCH_COUNTS, ...one });
  }
  const wording = action ? wordingOf(action) : null;
  return { ...counts, wording, description: describeBatch(wording, counts) };
}

function tagNames(action: Extract<ResolvedAction, { kind: 'add_tags' | 'remove_tags' }>): string {
  return action.tags.map((tag) => `'${tag.label}'`).join(', ');
}

function wordingOf(action: ResolvedAction): BatchWording {
  if (action.kind === 'add_tags') return { does: `adds ${tagNames(action)} to`, already: 'already have it' };
  if (action.kind === 'remove_tags') return { does: `removes ${tagNames(action)} from`, already: 'do not have it' };
  return { does: `sets ${action.field.replaceAll('_', ' ')} to '${action.label}' on`, already: 'already have this value' };
}
