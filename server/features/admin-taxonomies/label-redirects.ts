/**
 * The old addresses of a tag (docs/decisions/curation.md "Merging tags and taxonomies as CSV"): /tag/{label} of a label a tag no longer has, because it
 * was merged into another or renamed, leads to the tag that took its place (discovery/tag-redirects.ts reads it).
 */
import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { tagLabelRedirects } from '../../db/schema';

/** /tag/{old label} leads to `targetId` from now on (the latest change wins); a change of case only keeps its address. */
export async function redirectOldLabel(tx: Transaction, oldLabel: string, newLabel: string, targetId: number): Promise<void> {
  const label = oldLabel.toLowerCase();
  if (label === newLabel.toLowerCase()) return;
  await tx
    .insert(tagLabelRedirects)
    .values({ label, targetTagId: targetId })
    .onConflictDoUpdate({ target: tagLabelRedirects.label, set: { targetTagId: targetId, createdAt: sql`now()` } });
}

/** The labels that led to `fromId` lead to `toId` (a merge, before its source goes and takes them with it); answers them. */
export async function moveRedirects(tx: Transaction, fromId: number, toId: number): Promise<string[]> {
  const moved = await tx
    .update(tagLabelRedirects)
    .set({ targetTagId: toId })
    .where(eq(tagLabelRedirects.targetTagId, fromId))
    .returning({ label: tagLabelRedirects.label });
  return moved.map((row) => row.label);
}
