import type { ItemCharacteristic } from '../../shared/items';
import { formatYearMonth } from '../../shared/dates';
import { safeHttpUrl } from './format';
import Icon from '../lib/Icon';
import { onDemand } from '../lib/on-demand';
import NewTabLink from '../lib/NewTabLink';

// Editors only, in edit mode.
const CharacteristicEditor = onDemand(() => import('../item-edit/CharacteristicEditor'));

interface ItemCharacteristicsProps {
  itemRef: string;
  characteristics: ItemCharacteristic[];
  /** In edit mode every characteristic shows with its editor, unset ones too, so editors see what is missing. */
  editing: boolean;
  editable: boolean;
}

export default function ItemCharacteristics({ itemRef, characteristics, editing, editable }: ItemCharacteristicsProps) {
  const shown = editing ? characteristics : characteristics.filter((characteristic) => characteristic.value !== null);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="item-characteristics-title" className="mb-3">
      <h2 id="item-characteristics-title" className="h5">
        Characteristics
      </h2>
      <dl className="row mb-0">
        {shown.map((characteristic) => (
          <div key={characteristic.ref} className="col-12 d-flex gap-2">
            <dt className="fw-semibold" title={characteristic.usage_note || undefined}>
              {characteristic.title}
              {!characteristic.public && <Icon name="bi-eye-slash" className="ms-1 text-body-secondary" role="img" aria-label="admins only" />}
            </dt>
            <dd className={editing ? 'mb-1 flex-grow-1' : 'mb-1'}>
              {editing ? (
                <CharacteristicEditor itemRef={itemRef} characteristic={characteristic} editable={editable} />
              ) : (
                <CharacteristicValue format={characteristic.format} value={characteristic.value} />
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function CharacteristicValue({ format, value }: { format: string; value: string | null }) {
  if (value === null) return null;
  if (format === 'boolean') return <>{value === 'true' ? 'Yes' : 'No'}</>;
  if (format === 'year_month') return <>{formatYearMonth(value)}</>;
  const href = format === 'url' ? safeHttpUrl(value) : null;
  if (href) {
    return <NewTabLink href={href}>{value}</NewTabLink>;
  }
  return <>{value}</>;
}
