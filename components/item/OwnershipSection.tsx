import type { ItemDetail } from '../../shared/items';
import { mayCurate, mayEditFields, type ItemEditMode } from './item-edit-mode';
import SidebarSection from './SidebarSection';
import { onDemand } from '../lib/on-demand';
import YesNoField from './YesNoField';

// Curators only (their pages are rendered in the browser).
const MaintainerPicker = onDemand(() => import('../item-edit/MaintainerPicker'));

type OwnershipItem = Pick<ItemDetail, 'ref' | 'created_by_user_name' | 'created_by_user_email' | 'show_created_by' | 'show_as_user_contributed'>;

/** The maintainer, when the server names them to this viewer; in edit mode admins reassign them, and editors choose whether they are shown. */
export default function OwnershipSection({ item, mode }: { item: OwnershipItem; mode: ItemEditMode }) {
  return (
    <SidebarSection title="Ownership">
      <dl className="mb-0 small">
        <dt>Maintainer</dt>
        <dd className={mode.editing ? undefined : 'mb-0'}>
          {mayCurate(mode) ? (
            <MaintainerPicker itemRef={item.ref} maintainer={{ name: item.created_by_user_name, email: item.created_by_user_email }} editable />
          ) : (
            <Maintainer item={item} />
          )}
          {!mode.editing && item.show_as_user_contributed && <div className="text-body-secondary">Shown as user contributed</div>}
        </dd>
        {mode.editing && (
          <>
            <dt>Show the maintainer</dt>
            <dd>
              <YesNoField itemRef={item.ref} field="show_created_by" label="Show the maintainer" value={item.show_created_by} editable={mayEditFields(mode)} />
            </dd>
            <dt>User contributed</dt>
            <dd className="mb-0">
              <YesNoField
                itemRef={item.ref}
                field="show_as_user_contributed"
                label="User contributed"
                value={item.show_as_user_contributed}
                editable={mayCurate(mode)}
              />
            </dd>
          </>
        )}
      </dl>
    </SidebarSection>
  );
}

function Maintainer({ item }: { item: OwnershipItem }) {
  return (
    <>
      {item.created_by_user_name ?? <span className="text-body-secondary">Not shown</span>}
      {item.created_by_user_email && (
        <div>
          <a href={`mailto:${item.created_by_user_email}`}>{item.created_by_user_email}</a>
        </div>
      )}
    </>
  );
}
