import type { AccessLevel } from '../../shared/levels';
import type { PagePropsMap } from '../../shared/pages';

/** The page's `editable` flags. `maintainer` is the policy's curation flag (admins): expiry, review, the user-contributed mark and the maintainer. */
export type ItemEditableFlags = PagePropsMap['items/Show']['editable'];

/** Whether the item page is in edit mode, and what the server lets this viewer change there. */
export interface ItemEditMode {
  editing: boolean;
  editable: ItemEditableFlags;
  /** The minimum access levels the viewer may choose (the page's `accessLevelChoices`). */
  accessLevelChoices: readonly AccessLevel[];
}

/** Editors change the item's own fields in edit mode only. */
export function mayEditFields(mode: ItemEditMode): boolean {
  return mode.editing && mode.editable.fields;
}

/** Admins change the curation fields in edit mode only. */
export function mayCurate(mode: ItemEditMode): boolean {
  return mode.editing && mode.editable.maintainer;
}
