/**
 * scripts/lint/history-writes.js: a write the history records is refused by the lint unless it runs on a transaction
 * (`tx`); writes the history does not record (a comment's insert, a view count) pass.
 */
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import plugin from '../../scripts/lint/history-writes.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });
const refused = [{ messageId: 'outsideTransaction' }];

tester.run('writes-in-transactions', plugin.rules['writes-in-transactions'] as never, {
  valid: [
    'await tx.update(items).set({ title }).where(condition);',
    'await db.transaction((tx) => tx.delete(itemTags).where(condition));',
    'await db.insert(comments).values(values);',
    'await db.update(items).set({ viewCount: 1, updatedAt: now }).where(condition);',
    'await db.update(users).set({ lastSeenAt: now });',
    'await db.execute(sql`update ${sessions} set data = ${data}`);',
    'await tx.execute(sql`update ${items} set title = ${title}`);',
  ],
  invalid: [
    { code: 'await db.update(items).set({ title }).where(condition);', errors: refused },
    { code: 'await app.db.insert(items).values(values);', errors: refused },
    { code: 'await db.update(items).set(columns);', errors: refused },
    { code: 'await db.update(users).set({ userTypeId: 3 });', errors: refused },
    { code: 'await db.update(comments).set({ comment, approved: false });', errors: refused },
    { code: 'await db.delete(comments).where(condition);', errors: refused },
    { code: 'await db.execute(sql`delete from ${itemTags} where tag_id = ${id}`);', errors: refused },
    { code: 'await this.db.execute(sql`insert into ${shares} (level) values (${level})`);', errors: refused },
  ],
});
