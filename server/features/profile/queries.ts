import { and, eq, sql } from 'drizzle-orm';
import type { DigestFrequency } from '../../../shared/follows';
import { PERSON_TAG_LABEL, TYPE_TAXONOMY_TITLE, type ProfileUser } from '../../../shared/profile';
import type { Viewer } from '../../access/policy';
import { queueVerificationMail } from '../../auth/verification';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { items, tags, taxonomies, users, userTypes } from '../../db/schema';
import { createItem } from '../discovery';

export interface Profile {
  user: ProfileUser;
  /** The user's own Person page, while it exists. */
  personItem: { ref: string; title: string } | null;
  digestFrequency: DigestFrequency;
}

/** The signed-in user's profile, with their Person page. */
export async function loadProfile(db: Database, userId: number): Promise<Profile> {
  const [row] = await db
    .select({
      ref: users.ref,
      name: users.name,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      phone: users.phone,
      loginUsing: users.loginUsing,
      userTypeId: userTypes.id,
      userTypeLevel: userTypes.level,
      userTypeTitle: userTypes.title,
      userTypeDescription: userTypes.description,
      personItemRef: items.ref,
      personItemTitle: items.title,
      digestFrequency: users.digestFrequency,
    })
    .from(users)
    .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .leftJoin(items, eq(items.id, users.personItemId))
    .where(eq(users.id, userId))
    .limit(1);
  return {
    user: {
      ref: row.ref,
      name: row.name,
      email: row.email,
      email_verified: row.email !== null && row.emailVerifiedAt !== null,
      phone: row.phone,
      user_type: { id: row.userTypeId, level: row.userTypeLevel, title: row.userTypeTitle, description: row.userTypeDescription },
      login_using: row.loginUsing,
    },
    personItem: row.personItemRef !== null && row.personItemTitle !== null ? { ref: row.personItemRef, title: row.personItemTitle } : null,
    digestFrequency: row.digestFrequency as DigestFrequency,
  };
}

export type EmailChange = 'saved' | 'unchanged';

/**
 * Sets the user's e-mail (unverified) and queues the verification e-mail in the same transaction. Other accounts are
 * not consulted, so the answer never tells whether one has the address: who holds it is settled when it is verified
 * (`verifyCurrentEmail`), and until then the claim reaches nothing (sign-in linking and shares read verified addresses).
 */
export async function changeEmail(
  db: Database,
  config: Pick<AppConfig, 'APP_URL' | 'APP_NAME'>,
  user: { id: number; name: string },
  email: string,
): Promise<EmailChange> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ email: users.email }).from(users).where(eq(users.id, user.id)).for('update');
    if (current?.email?.toLowerCase() === email) return 'unchanged';
    await tx.update(users).set({ email, emailVerifiedAt: null, updatedAt: new Date() }).where(eq(users.id, user.id));
    await queueVerificationMail(tx, config, { id: user.id, name: user.name, email }, { ignoreCooldown: true });
    return 'saved';
  });
}

export type PersonPageCreation = { outcome: 'created' | 'exists'; ref: string } | { outcome: 'no-person-tag' };

/**
 * Creates the viewer's own Person page: a DRAFT item titled with their name, maintained by them, tagged with the
 * Type taxonomy's Person tag, and remembered on the user. The user row is locked first, so two clicks make one page.
 */
export async function createOwnPersonPage(db: Database, viewer: Viewer & { id: number }): Promise<PersonPageCreation> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.id)).for('update');
    // A statement of its own after the lock: in READ COMMITTED it sees a page another click committed meanwhile.
    const [user] = await tx
      .select({ name: users.name, personItemRef: items.ref })
      .from(users)
      .leftJoin(items, eq(items.id, users.personItemId))
      .where(eq(users.id, viewer.id));
    if (user?.personItemRef) return { outcome: 'exists', ref: user.personItemRef };
    const [personTag] = await tx
      .select({ id: tags.id })
      .from(tags)
      .innerJoin(taxonomies, eq(taxonomies.id, tags.taxonomyId))
      .where(and(eq(taxonomies.title, TYPE_TAXONOMY_TITLE), eq(tags.label, PERSON_TAG_LABEL)))
      .limit(1);
    if (!personTag) return { outcome: 'no-person-tag' };
    const ref = await createItem(tx, viewer, { title: user?.name ?? viewer.name, topic: '', tagIds: [personTag.id] });
    await tx
      .update(users)
      .set({ personItemId: sql`(select ${items.id} from ${items} where ${items.ref} = ${ref})`, updatedAt: new Date() })
      .where(eq(users.id, viewer.id));
    return { outcome: 'created', ref };
  });
}
