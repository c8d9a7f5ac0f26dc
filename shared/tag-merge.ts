/**
 * Merging a tag into another: the texts and shapes of /admin/tag/{ref}/merge, shared by the server and
 * the page. The source tag's items get the target, its child tags move under the target, the source goes, and
 * /tag/{source label} redirects to the target's page (docs/decisions/curation.md "Merging tags and taxonomies as CSV").
 */
import { plural } from './messages';

export const TAG_MERGE_TEXTS = {
  title: (label: string) => `Merge ${label}`,
  action: 'Merge…',
  actionLabel: (label: string) => `Merge ${label} into another tag`,
  target: 'Merge into',
  chooseTarget: 'Choose a tag',
  intro: (label: string) =>
    `Every item tagged ${label} gets the tag you choose, ${label}'s child tags move under it, and ${label} is removed. Its page's address leads to the chosen tag's page.`,
  noTargets: 'This taxonomy has no other tag to merge into.',
  submit: 'Merge',
  cancel: 'Cancel',
  previewHeading: 'What the merge changes',
} as const;

export const TAG_MERGE_MESSAGES = {
  targetRequired: 'Choose the tag to merge into.',
  targetUnknown: 'Choose another tag of this taxonomy.',
  targetBelow: 'A tag cannot be merged into one of its own child tags: move that tag out from under it first.',
  gone: 'One of the two tags was deleted meanwhile: nothing was merged.',
  merged: (source: string, target: string) => `Tag ${source} merged into ${target}. Restoring ${source} from the Trash splits it back.`,
} as const;

/** What merging the tag into the chosen target changes, counted just before it is asked for. */
export interface TagMergePreview {
  targetRef: string;
  targetLabel: string;
  /** Items carrying the source tag: each loses it and has the target afterwards. */
  items: number;
  /** Of those, the items that already carry the target (they only lose the source). */
  alreadyTagged: number;
  /** Child tags of the source that move under the target. */
  childTags: number;
  /** /tag/{source label} and the page it will lead to. */
  oldPath: string;
  newPath: string;
}

/** "12 items will be re-tagged, 3 already have Training." */
export function mergeImpactText(preview: TagMergePreview): string {
  const retagged = `${plural(preview.items, 'item')} will be re-tagged`;
  return preview.items === 0
    ? 'No item carries this tag.'
    : `${retagged}, ${preview.alreadyTagged} already ${preview.alreadyTagged === 1 ? 'has' : 'have'} ${preview.targetLabel}.`;
}

export function mergeChildTagsText(preview: TagMergePreview): string | null {
  return preview.childTags === 0
    ? null
    : `${plural(preview.childTags, 'child tag')} ${preview.childTags === 1 ? 'moves' : 'move'} under ${preview.targetLabel}.`;
}

export function mergeRedirectText(preview: TagMergePreview): string {
  return `${preview.oldPath} will lead to ${preview.newPath}.`;
}

/** A tag the source may be merged into (its taxonomy's other tags, not below it), as the select lists it. */
export interface TagMergeTarget {
  ref: string;
  fullLabel: string;
}
