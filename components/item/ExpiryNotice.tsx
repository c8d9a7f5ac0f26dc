import Notice from '../lib/Notice';
import type { ItemDetail } from '../../shared/items';
import { useDates } from '../lib/useDates';

/** Expired items reach only their editors; expiring ones warn everyone in good time. */
export default function ExpiryNotice({ item }: { item: Pick<ItemDetail, 'expired' | 'expiring' | 'expires_at' | 'expires_note'> }) {
  const dates = useDates();
  if (!item.expires_at || (!item.expired && !item.expiring)) return null;
  // The day the editor chose (a date field, stored as that day's start in UTC), as the Expires field shows it.
  const when = dates.day(item.expires_at.slice(0, 10));
  return (
    <Notice variant={item.expired ? 'danger' : 'warning'}>
      <p className="mb-0">{item.expired ? `This item expired on ${when}. Only its editors can still open it.` : `This item expires on ${when}.`}</p>
      {item.expires_note && <p className="mb-0 mt-1">{item.expires_note}</p>}
    </Notice>
  );
}
