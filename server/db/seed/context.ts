import { VISIBILITY, type Visibility } from '../../../shared/enums';
import type { Catalogue, ItemType } from './catalogue';
import type { People } from './people';
import type { Random } from './random';

export interface SeedContext {
  rng: Random;
  /** Every date is computed relative to this moment. */
  reference: Date;
  catalogue: Catalogue;
  people: People;
}

export interface ItemAttributes {
  type: ItemType;
  visibility: Visibility;
  level: number;
}

/** Listed or unlisted: open to everyone at the item's level, so people can have seen, collected and affirmed it. */
export function isListed({ visibility }: Pick<ItemAttributes, 'visibility'>): boolean {
  return visibility === VISIBILITY.DISCOVERABLE || visibility === VISIBILITY.UNLISTED;
}
