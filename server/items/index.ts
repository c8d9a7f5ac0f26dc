/**
 * The item core: what every feature that touches an item needs, and nothing of any feature's page. An item's record
 * and whether a viewer may open it (`queries.ts`), its content rows likewise (`contents.ts`), the card summary
 * (`summary.ts`), its affirmations (`affirmations.ts`) and the words of a search as SQL over items (`search.ts`: the
 * index, type-ahead and followed searches match alike). It imports no feature (`.dependency-cruiser.cjs`); importers
 * name `server/items`, never a file inside it.
 */
export * from './affirmations';
export * from './contents';
export * from './queries';
export * from './search';
export * from './summary';
