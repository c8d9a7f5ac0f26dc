/** Props of the 'items/Show' page. Each part is lazy, so partial reloads compute only what they ask for. */
import { ACCESS_LEVELS, type AccessLevel } from '../../../shared/levels';
import type { PagePropsInput } from '../../inertia';
import {
  canCurateItem,
  canEditItem,
  canRelateItems,
  canRevertToDraft,
  canSetAnyVisibility,
  canSetMinimumAccessLevel,
  canSubmitForPublishing,
  itemCan,
  type ItemAccessFacts,
  type Viewer,
} from '../../access/policy';
import type { Database } from '../../db/client';
import { loadAffirmationOptions } from './affirmations';
import { loadItemDetailFor, type ItemRecord } from './queries';
import { loadTaxonomiesWithTags } from './tags';

export function itemPageProps(db: Database, viewer: Viewer, record: ItemRecord, now: Date): PagePropsInput<'items/Show'> {
  const editor = canEditItem(viewer, record);
  return {
    item: () => loadItemDetailFor(db, viewer, record, now),
    affirmationOptions: () => loadAffirmationOptions(db, viewer, record.id),
    taxonomies: () => (editor ? loadTaxonomiesWithTags(db, viewer) : []),
    editable: editableFlags(viewer, record),
    accessLevelChoices: editor ? accessLevelChoices(viewer, record) : [],
    canRelate: canRelateItems(viewer),
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
