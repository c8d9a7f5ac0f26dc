/**
 * What deleting a person changes, as the profile's Delete my account and a user's page's Delete say it first: every
 * row of theirs, counted in one statement, not only those the viewer may open.
 */
import { sql } from 'drizzle-orm';
import type { AccountDeletionImpact } from '../../../shared/account-deletion';
import type { Database } from '../../db/client';
import { sqlRows } from '../../db/sql-rows';
import { collections, comments, follows, itemAffirmations, items, personalAccessTokens, shares, tasks, users } from '../../db/schema';

export async function deletionImpact(db: Database, userId: number): Promise<AccountDeletionImpact> {
  // A share reaches the person by their account, or by their address once verified (sharing's own rule).
  const verifiedAddress = sql`(select lower(${users.email}) from ${users} where ${users.id} = ${userId} and ${users.emailVerifiedAt} is not null)`;
  const [row] = await sqlRows<Record<keyof AccountDeletionImpact, number | boolean>>(
    db,
    sql`select
          (select count(*) from ${comments} where ${comments.userId} = ${userId})::integer as "comments",
          (select count(*) from ${items} where ${items.createdByUserId} = ${userId})::integer as "itemsMaintained",
          (select count(*) from ${collections} where ${collections.userId} = ${userId})::integer as "collections",
          (select count(*) from ${follows} where ${follows.userId} = ${userId})::integer as "follows",
          (select count(*) from ${itemAffirmations} where ${itemAffirmations.userId} = ${userId})::integer as "affirmations",
          (select count(*) from ${shares} where ${shares.fromUserId} = ${userId})::integer as "sharesGiven",
          (select count(*) from ${shares} where ${shares.toUserId} = ${userId}
             or (${shares.toUserId} is null and lower(${shares.toEmail}) = ${verifiedAddress}))::integer as "sharesReceived",
          (select count(*) from ${tasks} where ${tasks.forUserId} = ${userId})::integer as "tasksAssigned",
          (select count(*) from ${personalAccessTokens} where ${personalAccessTokens.userId} = ${userId} and ${personalAccessTokens.revokedAt} is null)::integer as "accessTokens",
          exists (select 1 from ${users} join ${items} on ${items.id} = ${users.personItemId} where ${users.id} = ${userId}) as "personPage"`,
  );
  return {
    comments: Number(row!.comments),
    itemsMaintained: Number(row!.itemsMaintained),
    collections: Number(row!.collections),
    follows: Number(row!.follows),
    affirmations: Number(row!.affirmations),
    sharesGiven: Number(row!.sharesGiven),
    sharesReceived: Number(row!.sharesReceived),
    tasksAssigned: Number(row!.tasksAssigned),
    accessTokens: Number(row!.accessTokens),
    personPage: row!.personPage === true,
  };
}
