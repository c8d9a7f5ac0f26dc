/**
 * Props of the 'items/Show' page. Each part is lazy, so partial reloads compute only what they ask for;
 * `item` and `affirmationOptions` asked for together come in one statement (`itemPartsLoader`).
 */
import { ACCESS_LEVELS, type AccessLevel } from '../../../shared/levels';
import { optional, type PagePropsInput } from '../../inertia';
import {
  canCreateDriveFolder,
  canCurateContent,
  canCurateItem,
  canEditItem,
  canRelateItems,
  canRevertToDraft,
  canSetAnyVisibility,
  canSetMinimumAccessLevel,
  canSubmitForPublishing,
  canManageContent,
  canSeeDriveFiles,
  canSeeItemHistory,
  isSignedIn,
  itemCan,
  itemTaskCan,
  type ItemAccessFacts,
  type Viewer,
} from '../../access/policy';
import type { Database } from '../../db/client';
import type { DrivePort } from '../../drive/port';
import { unlinkedFilesOf } from '../content';
import { itemPartsLoader, type ItemParts } from './detail';
import type { ItemRecord } from '../../items';
import { loadTaxonomiesWithTags } from './tags';
import { collectionChoicesOf } from '../collections';
import { itemHistoryOf } from '../history';

export function itemPageProps(
  db: Database,
  drive: DrivePort,
  viewer: Viewer,
  record: ItemRecord,
  now: Date,
  loaded: ItemParts | null = null,
): PagePropsInput<'items/Show'> {
  const editor = canEditItem(viewer, record);
  const parts = itemPartsLoader(db, viewer, record, now, loaded);
  return {
    item: () => parts('item'),
    affirmationOptions: () => parts('affirmationOptions'),
    taxonomies: () => (editor ? loadTaxonomiesWithTags(db, viewer) : []),
    editable: editableFlags(viewer, record),
    accessLevelChoices: editor ? accessLevelChoices(viewer, record) : [],
    canRelate: canRelateItems(viewer),
    contentCan: { manage: canManageContent(viewer, record), curate: canCurateContent(viewer), createFolder: canCreateDriveFolder(viewer) },
    unlinkedFiles: optional(() => (canSeeDriveFiles(viewer, record) ? unlinkedFilesOf(db, drive, record) : [])),
    collectionChoices: optional(() => (isSignedIn(viewer) ? collectionChoicesOf(db, viewer.id, record.id) : [])),
    canSeeHistory: canSeeItemHistory(viewer, record),
    history: optional(() => (canSeeItemHistory(viewer, record) ? itemHistoryOf(db, viewer, record) : { entries: [], truncated: false })),
    taskCan: itemTaskCan(viewer, record),
    can: itemCan(viewer, record),
    title: record.title,
    breadcrumbs: [{ label: 'All Items', href: '/item' }, { label: record.title }],
  };
}

export function editableFlags(viewer: Viewer, item: ItemAccessFacts) {
  return {
    fields: canEditItem(viewer, item),
    visibility: canSetAnyVisibility(viewer),
    maintainer: canCurateItem(viewer),
    submitForPublishing: canSubmitForPublishing(viewer, item),
    revertToDraft: canRevertToDraft(viewer, item),
  };
}

function accessLevelChoices(viewer: Viewer, item: ItemAccessFacts): AccessLevel[] {
  return ACCESS_LEVELS.filter((level) => canSetMinimumAccessLevel(viewer, item, level));
}
