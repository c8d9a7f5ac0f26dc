import type { comments, itemAffirmations, relations, tasks } from '../schema';
import type { ItemAttributes, SeedContext } from './context';
import { peopleAtLevel } from './people';
import { addDays, isoDay } from './random';
import * as words from './words';

export type CommentRow = Omit<typeof comments.$inferInsert, 'itemId'>;
export type TaskRow = Omit<typeof tasks.$inferInsert, 'itemId'>;
export type AffirmationRow = Omit<typeof itemAffirmations.$inferInsert, 'itemId'>;
export type RelationRow = Omit<typeof relations.$inferInsert, 'itemId' | 'relatedItemId'>;

const TASK_ASSIGNEES = ['team@example.org', 'staff@example.org', 'admin@example.org', 'manager@example.org', 'superadmin@example.org'] as const;
const TASK_CREATORS = ['team@example.org', 'admin@example.org', 'staff@example.org'] as const;
const RELATION_CREATORS = ['team@example.org', 'staff@example.org', 'leader@example.org', 'admin@example.org'] as const;

export function commentsFor(context: SeedContext, attributes: ItemAttributes, itemCreatedAt: Date): CommentRow[] {
  const { rng, reference } = context;
  if (!rng.chance(0.3)) return [];
  const commenters = peopleAtLevel(context.people, attributes.level);
  return Array.from({ length: rng.int(1, 3) }, () => {
    const flagged = rng.chance(0.05);
    const createdAt = rng.between(itemCreatedAt, reference);
    const edited = !flagged && rng.chance(0.1);
    return {
      ref: rng.ref(),
      userId: rng.pick(commenters).id,
      comment: rng.pick(flagged ? words.FLAGGED_COMMENTS : words.COMMENTS),
      flagged,
      approved: !flagged && rng.chance(0.5),
      edited,
      createdAt,
      updatedAt: edited ? addDays(createdAt, rng.int(0, 3)) : createdAt,
    };
  });
}

/** Open and completed tasks for the people who curate the library. */
export function tasksFor(context: SeedContext, itemCreatedAt: Date): TaskRow[] {
  const { rng, reference, people } = context;
  return Array.from({ length: rng.int(1, 2) }, () => {
    const createdAt = rng.between(itemCreatedAt, reference);
    const completedAt = rng.chance(0.4) ? rng.between(createdAt, reference) : null;
    const dueDate = rng.chance(0.7) ? isoDay(completedAt ? addDays(completedAt, rng.int(-5, 10)) : addDays(reference, rng.int(-20, 45))) : null;
    return {
      ref: rng.ref(),
      task: rng.pick(words.TASKS),
      notes: rng.pick(words.TASK_NOTES),
      priority: rng.weighted([
        [1, 3],
        [2, 5],
        [3, 2],
      ] as const),
      dueDate,
      completedAt,
      forUserId: people.demo(rng.pick(TASK_ASSIGNEES)).id,
      byUserId: people.demo(rng.pick(TASK_CREATORS)).id,
      createdAt,
      updatedAt: completedAt ?? createdAt,
    };
  });
}

export function affirmationsFor(context: SeedContext, level: number, itemCreatedAt: Date): AffirmationRow[] {
  const { rng, reference, catalogue } = context;
  if (!rng.chance(0.35)) return [];
  const { positive, negative } = catalogue.affirmationOptionIds;
  return rng.sample(peopleAtLevel(context.people, level), rng.int(1, 4)).map((user) => {
    const createdAt = rng.between(itemCreatedAt, reference);
    return {
      affirmationOptionId: rng.pick(rng.chance(0.08) ? negative : positive),
      userId: user.id,
      value: rng.chance(0.15) ? 2 : 1,
      createdAt,
      updatedAt: createdAt,
    };
  });
}

/** Links between items of one batch, by position in the batch: some approved by an admin, some only suggested. */
export function relationsFor({ rng, people }: SeedContext, batchSize: number): { from: number; to: number; row: RelationRow }[] {
  const seen = new Set<string>();
  const links: { from: number; to: number; row: RelationRow }[] = [];
  for (let from = 0; from < batchSize && batchSize > 1; from++) {
    if (!rng.chance(0.2)) continue;
    for (let n = rng.int(1, 2); n > 0; n--) {
      const to = rng.int(0, batchSize - 1);
      const key = `${from}:${to}`;
      if (to === from || seen.has(key)) continue;
      seen.add(key);
      links.push({ from, to, row: { ref: rng.ref(), adminApproved: rng.chance(0.5), createdByUserId: people.demo(rng.pick(RELATION_CREATORS)).id } });
    }
  }
  return links;
}
