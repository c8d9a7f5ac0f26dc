import type { ItemDetail } from '../../shared/items';
import EditableItemField from '../item-edit/EditableItemField';
import { displayWith } from './field-display';
import { useDates } from '../lib/useDates';
import { mayCurate, type ItemEditMode } from './item-edit-mode';
import SidebarSection from './SidebarSection';

type InfoItem = Pick<ItemDetail, 'ref' | 'code' | 'view_count' | 'recent_view_count' | 'review_after' | 'review'>;

/**
 * Item code and how often it is opened; in edit mode the admins' review notes. Only the item's editors see this section,
 * and only they receive its values (`canSeeItemRecordKeeping`).
 */
export function InfoSection({ item, mode }: { item: InfoItem; mode: ItemEditMode }) {
  return (
    <SidebarSection title="Info">
      <dl className="mb-0 small">
        <dt>Item code</dt>
        <dd>
          <code>{item.code}</code>
        </dd>
        <dt>Views</dt>
        <dd className={mode.editing ? undefined : 'mb-0'}>
          {(item.view_count ?? 0).toLocaleString('en-GB')}
          <span className="text-body-secondary"> ({(item.recent_view_count ?? 0).toLocaleString('en-GB')} in the last 30 days)</span>
        </dd>
        {mode.editing && <ReviewFields item={item} editable={mayCurate(mode)} />}
      </dl>
    </SidebarSection>
  );
}

function ReviewFields({ item, editable }: { item: InfoItem; editable: boolean }) {
  const dates = useDates();
  return (
    <>
      <dt>Review after</dt>
      <dd>
        <EditableItemField
          itemRef={item.ref}
          field="review_after"
          label="Review after"
          inputType="date"
          value={item.review_after}
          editable={editable}
          renderValue={displayWith(dates.day, 'Not planned')}
        />
      </dd>
      <dt>Review</dt>
      <dd className="mb-0">
        <EditableItemField itemRef={item.ref} field="review" label="Review" mode="textarea" value={item.review} editable={editable} emptyText="None" />
      </dd>
    </>
  );
}
