import { customType, integer, timestamp, varchar } from 'drizzle-orm/pg-core';
import { newRef } from '../../lib/ref';

/** Internal numeric key: never leaves the server. */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

/** Opaque, non-sequential public identifier used in every URL. */
export const ref = () => varchar('ref', { length: 24 }).notNull().unique().$defaultFn(newRef);

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});
