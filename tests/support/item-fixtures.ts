/** Item shapes as the server sends them (shared/items.ts), for page tests and for server assertions alike. */
import { VISIBILITY } from '../../shared/enums';
import type { ItemSummary } from '../../shared/items';

/** A card of a published item anyone may open, without an image; `overrides` set what the test is about. */
export function anItemSummary(overrides: Partial<ItemSummary> = {}): ItemSummary {
  return {
    ref: 'item00000001',
    title: 'Camp Songbook',
    topic: '',
    blurb: '',
    image: null,
    visibility: VISIBILITY.DISCOVERABLE,
    visibility_name: 'DISCOVERABLE',
    visibility_label: 'Discoverable',
    badge: null,
    minimum_access_level: 0,
    expired: false,
    chips: [],
    minutes: null,
    ...overrides,
  };
}
