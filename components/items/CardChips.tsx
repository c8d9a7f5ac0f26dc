/**
 * A card's chips: a lock naming the level an item is for when that is above the viewer's own (they see it
 * by a grant, as its maintainer, or while viewing as a level), its first tags (type, age group…) and its length.
 */
import { usePage } from '@inertiajs/react';
import type { ItemSummary } from '../../shared/items';
import { clampLevel, LEVEL_SHORT_NAMES } from '../../shared/levels';
import Icon from '../lib/Icon';

const CHIP = 'list-inline-item badge fw-normal border';

export default function CardChips({ item }: { item: Pick<ItemSummary, 'chips' | 'minutes' | 'minimum_access_level'> }) {
  const { auth } = usePage().props;
  const locked = item.minimum_access_level > auth.level;
  if (!locked && item.chips.length === 0 && item.minutes === null) return null;
  return (
    <ul className="list-inline mb-2 d-flex flex-wrap gap-1" aria-label="About this item">
      {locked && (
        <li className={`${CHIP} bg-warning-subtle text-warning-emphasis border-warning-subtle me-0`}>
          <Icon name="bi-lock" className="me-1" />
          <span className="visually-hidden">Only for </span>
          {LEVEL_SHORT_NAMES[clampLevel(item.minimum_access_level)]}
        </li>
      )}
      {item.chips.map((label) => (
        <li key={label} className={`${CHIP} bg-body-tertiary text-body-emphasis me-0`}>
          {label}
        </li>
      ))}
      {item.minutes !== null && (
        <li className={`${CHIP} bg-body-tertiary text-body-emphasis me-0`}>
          <Icon name="bi-clock" className="me-1" />
          {item.minutes} min
        </li>
      )}
    </ul>
  );
}
