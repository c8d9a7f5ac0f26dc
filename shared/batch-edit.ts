/** Batch edits of items: the request's shape, the preview's and the result's, and their words. */
import { EXACT_COUNT_LIMIT } from './constants';

export const BATCH_EDIT_URL = '/batch-edit';
export const BATCH_PREVIEW_URL = '/batch-edit/preview';
/** At most this many items in one batch. */
export const BATCH_MAX_ITEMS = 10_000;
/**
 * Items decided and written per transaction, and per request when the dialog applies a larger batch a chunk at a time
 * under one batch id, with its progress (docs/decisions/curation.md "Batch edits").
 */
export const BATCH_CHUNK = 500;
/** A batch can be undone for this many days. */
export const BATCH_UNDO_DAYS = 30;

/** The fields a batch sets, named as PATCH /i/{ref} names them. */
export const BATCH_SET_FIELDS = ['visibility', 'minimum_access_level', 'created_by_user_ref', 'expires_at', 'review_after'] as const;
export type BatchSetField = (typeof BATCH_SET_FIELDS)[number];

export type BatchAction =
  { kind: 'add_tags'; tags: string[] } | { kind: 'remove_tags'; tags: string[] } | { kind: 'set'; field: BatchSetField; value: unknown };

/** Why an item of the selection is left as it is. */
export type BatchRefusal = 'not_editable' | 'cannot_publish' | 'visibility' | 'access_level' | 'required_taxonomy' | 'changed_since';

export const BATCH_REFUSALS: Record<BatchRefusal, (count: number) => string> = {
  not_editable: (n) => `${items(n)} you cannot edit (or that do not exist)`,
  cannot_publish: (n) => `${items(n)} ${n === 1 ? 'is a draft' : 'are drafts'} you cannot publish`,
  visibility: (n) => `${items(n)} whose visibility you cannot set to this`,
  access_level: (n) => `${items(n)} whose minimum access level you cannot set to this`,
  required_taxonomy: (n) => `${items(n)} would lose the last tag of a required taxonomy`,
  changed_since: (n) => `${items(n)} changed since the batch (undo them by hand from their History)`,
};

export interface BatchCounts {
  /** Items selected (refs sent). */
  selected: number;
  /** Items the batch changes (or changed). */
  changed: number;
  /** Items that already are as the batch would make them. */
  unchanged: number;
  refused: Partial<Record<BatchRefusal, number>>;
  /** Up to 20 refs of refused items, so a list can name them. */
  refusedRefs: string[];
}

/** How the action reads in a description ("adds 'Primary' to", "already have it"); null for an undo. */
export interface BatchWording {
  does: string;
  already: string;
}

export interface BatchSummary extends BatchCounts {
  wording: BatchWording | null;
  /** One sentence: "adds 'Primary' to 412 items, 37 already have it; 3 items you cannot edit". */
  description: string;
}

/**
 * A "select all matching" run: a selection of more than BATCH_MAX_ITEMS items is taken in runs, each previewed and
 * applied on its own, so the number a person confirms is the number applied.
 */
export interface MatchingRun {
  /** How many items match in all; with `atLeast`, a search that stopped at its bound found at least this many. */
  total: number;
  atLeast: boolean;
  /** This run's items are the matches from `from` to `to` (1-based, in item order). */
  from: number;
  to: number;
  /** Where the next run starts (the selection's `after`), or null when this run reaches the last match. */
  nextAfter: string | null;
}

/** The preview, with the selection item by item, so a large batch can be applied a chunk at a time. */
export interface BatchPreview extends BatchSummary {
  refs: string[];
  /** For "all matching": where this run stands among all that match; null for a selection by ref. */
  matching: MatchingRun | null;
}

/** What a preview of "all matching" says before anything runs, when one run does not cover every match. */
export function matchingRunText(run: MatchingRun): string | null {
  if (run.from === 1 && run.nextAfter === null && !run.atLeast) return null;
  const total = `${run.total.toLocaleString('en')}${run.atLeast ? ' or more' : ''}`;
  const covered = `items ${run.from.toLocaleString('en')}–${run.to.toLocaleString('en')}`;
  if (run.atLeast)
    return `A search stops at ${EXACT_COUNT_LIMIT.toLocaleString('en')} matches a way, and found ${total}: this run covers ${covered} of those. Narrow the search to reach the rest.`;
  const runs = Math.ceil(run.total / BATCH_MAX_ITEMS);
  const thisRun = Math.ceil(run.to / BATCH_MAX_ITEMS);
  const inRun = (run.to - run.from + 1).toLocaleString('en');
  return `${inRun} of ${total} match: this is run ${thisRun} of ${runs} (${covered}). Narrow the filter, or apply in ${runs} runs.`;
}

export interface BatchResult extends BatchSummary {
  /** The batch's id, for its undo; null when nothing changed. */
  batch: string | null;
  /** An undo's items left as they are, every one: for each, why, and its title where the viewer may still change it. */
  skipped?: SkippedItem[];
}

export interface SkippedItem {
  ref: string;
  title: string | null;
  reason: SkippedReason;
}

/** Why an undo left one item as it is, as its list says beside the item. */
export const SKIPPED_REASONS = {
  changed_since: 'changed since the batch: its History shows by whom, and undoes it by hand',
  not_editable: 'you can no longer edit it',
} as const satisfies Partial<Record<BatchRefusal, string>>;
export type SkippedReason = keyof typeof SKIPPED_REASONS;

const REFUSED_REFS_KEPT = 20;

/** The one sentence of a batch's counts, for the server's answers and for the dialog's sum of a chunked run. */
export function describeBatch(wording: BatchWording | null, counts: BatchCounts): string {
  const parts = [
    wording ? `${wording.does} ${items(counts.changed)}, ${counts.unchanged.toLocaleString('en')} ${wording.already}` : `restores ${items(counts.changed)}`,
  ];
  for (const [reason, count] of Object.entries(counts.refused) as [BatchRefusal, number][]) parts.push(BATCH_REFUSALS[reason](count));
  return parts.join('; ');
}

/** Two chunks' counts as one. */
export function addBatchCounts(a: BatchCounts, b: BatchCounts): BatchCounts {
  const refused = { ...a.refused };
  for (const [reason, count] of Object.entries(b.refused) as [BatchRefusal, number][]) refused[reason] = (refused[reason] ?? 0) + count;
  return {
    selected: a.selected + b.selected,
    changed: a.changed + b.changed,
    unchanged: a.unchanged + b.unchanged,
    refused,
    refusedRefs: [...a.refusedRefs, ...b.refusedRefs].slice(0, REFUSED_REFS_KEPT),
  };
}

export const NO_BATCH_COUNTS: BatchCounts = { selected: 0, changed: 0, unchanged: 0, refused: {}, refusedRefs: [] };

export const BATCH_ERRORS = {
  unknownTag: 'One of these tags does not exist.',
  oneTagTaxonomy: (taxonomy: string) => `${taxonomy} takes one tag: add one of its tags at a time.`,
  unknownBatch: 'There is no such batch.',
  tooOld: `This batch is more than ${BATCH_UNDO_DAYS} days old and can no longer be undone.`,
  alreadyUndone: 'This batch has already been undone.',
  notYourBatch: 'Only an admin or the person who made a batch can undo it.',
  undoLaterFirst: (later: { at: string; by: string | null; items: number }[]) =>
    `${later.length === 1 ? 'A later batch' : 'Later batches'} changed the same fields of some of these items: undo ${later.length === 1 ? 'it' : 'them'} first (the activity feed lists them with their Undo), then this one: ${later
      .map((each) => `the batch of ${each.at}${each.by ? ` by ${each.by}` : ''} (${items(each.items)})`)
      .join(', ')}.`,
} as const;

export function items(count: number): string {
  return `${count.toLocaleString('en')} ${count === 1 ? 'item' : 'items'}`;
}
