import { VISIBILITY, VISIBILITY_VALUES, visibilityInfo } from '../../shared/enums';
import InlineEditableField from '../inline-edit/InlineEditableField';
import type { SelectOption } from '../inline-edit/inline-values';
import { patchKeepingScroll } from '../lib/visits';
import { ROUTES } from '../../shared/routes';

export interface VisibilityControlProps {
  itemRef: string;
  visibility: number;
  /** From the page's `editable` flags: admins get the select, maintainers the workflow buttons. */
  editable: { visibility: boolean; submitForPublishing: boolean; revertToDraft: boolean };
}

export const VISIBILITY_OPTIONS: SelectOption[] = VISIBILITY_VALUES.map((value) => ({ value: String(value), label: visibilityInfo(value).label }));
export const SUBMIT_FOR_PUBLISHING = 'Submit for Publishing';
export const REVERT_TO_DRAFT = 'Revert to Draft';

/**
 * An item's visibility: admins choose any state with a select; a maintainer
 * submits a draft for publishing or takes a pending item back to draft.
 */
export default function VisibilityControl({ itemRef, visibility, editable }: VisibilityControlProps) {
  const info = visibilityInfo(visibility);
  const setVisibility = (state: number) => patchKeepingScroll(ROUTES.item.path({ ref: itemRef }), { visibility: state });
  return (
    <div className="d-flex flex-column gap-2">
      <InlineEditableField
        field="visibility"
        label="Visibility"
        url={ROUTES.item.path({ ref: itemRef })}
        mode="select"
        required
        options={VISIBILITY_OPTIONS}
        value={String(visibility)}
        editable={editable.visibility}
        renderValue={() => <span title={info.explanation}>{info.label}</span>}
      />
      {editable.submitForPublishing && (
        <button type="button" className="btn btn-sm btn-primary" onClick={() => setVisibility(VISIBILITY.PENDING)}>
          {SUBMIT_FOR_PUBLISHING}
        </button>
      )}
      {editable.revertToDraft && (
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setVisibility(VISIBILITY.DRAFT)}>
          {REVERT_TO_DRAFT}
        </button>
      )}
    </div>
  );
}
