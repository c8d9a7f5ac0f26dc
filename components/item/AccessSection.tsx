import type { ItemDetail } from '../../shared/items';
import { clampLevel, LEVEL_NAMES } from '../../shared/levels';
import EditableItemField from '../item-edit/EditableItemField';
import VisibilityControl from '../item-edit/VisibilityControl';
import { displayWith } from './field-display';
import { useDates } from '../lib/useDates';
import { mayCurate, mayEditFields, type ItemEditMode } from './item-edit-mode';
import SidebarSection from './SidebarSection';
import { onDemand } from '../lib/on-demand';
import type { ResourceGrants } from '../../shared/sharing';

// For those who manage the item, whose pages the server never renders.
const GrantsPanel = onDemand(() => import('../share/GrantsPanel'));

type AccessItem = Pick<ItemDetail, 'ref' | 'visibility' | 'visibility_explanation' | 'minimum_access_level' | 'expires_at' | 'expires_note'>;

/**
 * Who may see the item: its visibility and minimum access level, and for admins in edit mode its
 * expiry. The maintainer's Submit for Publishing / Revert to Draft show in both modes. Its
 * maintainers and admins also see who has been given access, and may take it back.
 */
export default function AccessSection({ item, mode, grants }: { item: AccessItem; mode: ItemEditMode; grants?: ResourceGrants }) {
  const visibilityEditable = {
    visibility: mode.editing && mode.editable.visibility,
    submitForPublishing: mode.editable.submitForPublishing,
    revertToDraft: mode.editable.revertToDraft,
  };
  return (
    <SidebarSection title="Access">
      <dl className="mb-0 small">
        <dt>Visibility</dt>
        <dd>
          <VisibilityControl itemRef={item.ref} visibility={item.visibility} editable={visibilityEditable} />
          <div className="text-body-secondary">{item.visibility_explanation}</div>
        </dd>
        <dt>Minimum access</dt>
        <dd className="mb-0">
          <MinimumAccessField itemRef={item.ref} level={item.minimum_access_level} mode={mode} />
        </dd>
        {mayCurate(mode) && <ExpiryFields item={item} />}
      </dl>
      {mode.editable.fields && <GrantsPanel grants={grants} />}
    </SidebarSection>
  );
}

/** A select of the levels the server lets this viewer choose; it still refuses what the policy does not allow. */
function MinimumAccessField({ itemRef, level, mode }: { itemRef: string; level: number; mode: ItemEditMode }) {
  const options = mode.accessLevelChoices.map((choice) => ({ value: String(choice), label: LEVEL_NAMES[choice] }));
  return (
    <EditableItemField
      itemRef={itemRef}
      field="minimum_access_level"
      label="Minimum access"
      mode="select"
      required
      options={options}
      value={String(level)}
      editable={mayEditFields(mode) && options.length > 0}
      renderValue={() => LEVEL_NAMES[clampLevel(level)]}
    />
  );
}

function ExpiryFields({ item }: { item: AccessItem }) {
  const dates = useDates();
  return (
    <>
      <dt className="mt-2">Expires</dt>
      <dd>
        <EditableItemField
          itemRef={item.ref}
          field="expires_at"
          label="Expires"
          inputType="date"
          value={item.expires_at?.slice(0, 10) ?? null}
          renderValue={displayWith(dates.day, 'Never')}
        />
      </dd>
      <dt>Expiry note</dt>
      <dd className="mb-0">
        <EditableItemField itemRef={item.ref} field="expires_note" label="Expiry note" mode="textarea" value={item.expires_note} emptyText="None" />
      </dd>
    </>
  );
}
