/** My Affirmations (/affirmation): the items the signed-in person affirmed, with counts. */
import type { ItemSummary } from './items';

export const MY_AFFIRMATIONS_TEXTS = {
  title: 'My Affirmations',
  empty: 'You have not affirmed any items yet',
} as const;

/** One affirmation the viewer gave the item: the option and its strength (1 thumb, 2 strong). */
export interface MyAffirmation {
  ref: string;
  title: string;
  is_negative: boolean;
  value: 1 | 2;
}

/** A card of My Affirmations: the item, what the viewer gave it, and the item's summary everyone sees. */
export interface AffirmedItem {
  item: ItemSummary;
  /** When the viewer last gave or changed an affirmation of this item (ISO time). */
  affirmed_at: string;
  mine: MyAffirmation[];
  affirmations: number;
  affirmation_stars: number;
  affirmation_text: string;
}
