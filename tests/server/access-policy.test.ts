import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import fc from 'fast-check';
import { and, inArray, is, Placeholder, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { VISIBILITY, VISIBILITY_VALUES } from '../../shared/enums';
import type { AccessLevel } from '../../shared/levels';
import {
  canUseAdvanced,
  canFeedCollection,
  canFollow,
  canFollowCollection,
  canReceiveDigest,
  ANONYMOUS,
  baseCan,
  canListItem,
  canOpenItem,
  effectiveLevel,
  listableItemsCondition,
  menuFlags,
  openableItemsCondition,
  validSharesToViewer,
  viewerPlaceholders,
  viewerPlaceholderValues,
  viewerSqlKind,
  viewAsTargets,
  previewMemberViewer,
  type Viewer,
} from '../../server/access/policy';
import type { DatabaseHandle } from '../../server/db/client';
import { items, shares, users, userTypes } from '../../server/db/schema';
import { freshDatabase } from '../support/database';
import { canInvite, canInviteToUserType, canManageInvitation, invitationRaisesLevel } from '../../server/access/policy';

function viewer(overrides: Partial<Viewer>): Viewer {
  return { ...ANONYMOUS, id: 1, ref: 'u1', name: 'Someone', email: 'someone@example.org', emailVerified: true, level: 1, userTypeId: 1, ...overrides };
}

const item = (visibility: number, minimumAccessLevel: number, createdByUserId: number | null = 99) => ({
  visibility,
  minimumAccessLevel,
  createdByUserId,
  expiresAt: null,
});

describe('levels and menus', () => {
  it('admins act at level 6 whatever their user type', () => {
    expect(effectiveLevel(viewer({ level: 3, admin: true }))).toBe(6);
    expect(effectiveLevel(viewer({ level: 3 }))).toBe(3);
  });

  it('an anonymous visitor gets no signed-in menus', () => {
    expect(menuFlags(ANONYMOUS)).toEqual({
      systemAdmin: false,
      manageUsers: false,
      invitations: false,
      documentation: false,
      drafts: false,
      unpublished: false,
      unlisted: false,
      history: false,
    });
  });

  it('a member sees drafts and history but no admin entries', () => {
    const flags = menuFlags(viewer({ level: 1 }));
    expect(flags).toMatchObject({ drafts: true, history: true, systemAdmin: false, unpublished: false, documentation: false });
  });

  it('Manage Users shows for the manage_users flag but is hidden for admins', () => {
    expect(menuFlags(viewer({ level: 3, manageUsers: true })).manageUsers).toBe(true);
    expect(menuFlags(viewer({ level: 6, admin: true, manageUsers: true })).manageUsers).toBe(false);
  });

  it('User Invitations shows for admins and user managers, whom the invitation routes let in (canInvite)', () => {
    const inviters = [viewer({ level: 6, admin: true }), viewer({ level: 6, admin: true, manageUsers: true }), viewer({ level: 3, manageUsers: true })];
    const others = [ANONYMOUS, viewer({ level: 1 }), viewer({ level: 4, manager: true }), viewer({ level: 5 })];
    for (const who of inviters) expect([menuFlags(who).invitations, canInvite(who)]).toEqual([true, true]);
    for (const who of others) expect([menuFlags(who).invitations, canInvite(who)]).toEqual([false, false]);
  });

  it('Documentation shows for staff, admins and managers, not for leaders', () => {
    expect(menuFlags(viewer({ level: 4 })).documentation).toBe(true);
    expect(menuFlags(viewer({ level: 3, manager: true })).documentation).toBe(true);
    expect(menuFlags(viewer({ level: 6, admin: true })).documentation).toBe(true);
    expect(menuFlags(viewer({ level: 3 })).documentation).toBe(false);
  });

  it('anonymous visitors can neither create, share nor comment', () => {
    expect(baseCan(ANONYMOUS)).toMatchObject({ create: false, share: false, comment: false, admin: false, shareToLevel: 0 });
  });

  it('nobody can share above their own level', () => {
    expect(baseCan(viewer({ level: 3 })).shareToLevel).toBe(3);
    expect(baseCan(viewer({ level: 6, admin: true })).shareToLevel).toBe(6);
  });

  it('signed-in users below the lowest grant level are not offered sharing', () => {
    expect(baseCan(viewer({ level: 1 }))).toMatchObject({ share: false, shareToLevel: 1 });
    expect(baseCan(viewer({ level: 2 }))).toMatchObject({ share: true, shareToLevel: 2 });
  });

  it('only superadmins may impersonate', () => {
    expect(baseCan(viewer({ level: 6, admin: true })).impersonate).toBe(false);
    expect(baseCan(viewer({ level: 6, admin: true, superadmin: true })).impersonate).toBe(true);
  });
});

describe('view as level N (issue 19 §6)', () => {
  it('admins preview every level and as a visitor', () => {
    expect(viewAsTargets(viewer({ level: 1, admin: true }), false)).toEqual(['visitor', 0, 1, 2, 3, 4, 5, 6]);
  });

  it('maintainers preview up to their own level, never above it; other members and visitors not at all', () => {
    expect(viewAsTargets(viewer({ level: 2 }), true)).toEqual(['visitor', 0, 1, 2]);
    expect(viewAsTargets(viewer({ level: 2 }), true)).not.toContain(5);
    expect(viewAsTargets(viewer({ level: 5 }), false)).toEqual([]);
    expect(viewAsTargets(ANONYMOUS, true)).toEqual([]);
    expect(baseCan(viewer({ level: 5 })).viewAs).toEqual([]);
  });

  it('a preview never opens or lists an item its previewer could not', () => {
    const anyItem = fc.record({
      visibility: fc.constantFrom(...VISIBILITY_VALUES),
      minimumAccessLevel: fc.integer({ min: 0, max: 6 }),
      createdByUserId: fc.constantFrom(null, 7, 99),
      expiresAt: fc.constant(null),
    });
    const previewer = fc.record({ level: fc.constantFrom<AccessLevel>(0, 1, 2, 3, 4, 5, 6), admin: fc.boolean() }).map((v) => viewer({ id: 7, ...v }));
    fc.assert(
      fc.property(previewer, anyItem, (real, it) => {
        for (const target of viewAsTargets(real, true)) {
          const preview = target === 'visitor' ? ANONYMOUS : previewMemberViewer(target, real.id!);
          if (canOpenItem(preview, it)) expect(canOpenItem(real, it)).toBe(true);
          if (canListItem(preview, it)) expect(canListItem(real, it)).toBe(true);
        }
      }),
    );
  });
});

describe('item visibility rules', () => {
  it('an affiliate cannot open a staff-level item', () => {
    expect(canOpenItem(viewer({ level: 2 }), item(VISIBILITY.DISCOVERABLE, 4))).toBe(false);
  });

  it('a share at the item level lets a member open a staff-level item', () => {
    expect(canOpenItem(viewer({ level: 1 }), item(VISIBILITY.DISCOVERABLE, 4), 4)).toBe(true);
    expect(canOpenItem(viewer({ level: 1 }), item(VISIBILITY.DISCOVERABLE, 4), 3)).toBe(false);
  });

  it('drafts and pending items are seen only by their maintainer and admins', () => {
    for (const visibility of [VISIBILITY.DRAFT, VISIBILITY.PENDING, VISIBILITY.HIDDEN]) {
      expect(canOpenItem(viewer({ id: 5, level: 5 }), item(visibility, 0, 99))).toBe(false);
      expect(canOpenItem(viewer({ id: 99, level: 1 }), item(visibility, 0, 99))).toBe(true);
      expect(canOpenItem(viewer({ id: 5, level: 6, admin: true }), item(visibility, 0, 99))).toBe(true);
    }
  });

  it('an unlisted item opens by link but is never listed for non-admins', () => {
    const unlisted = item(VISIBILITY.UNLISTED, 0);
    expect(canOpenItem(ANONYMOUS, unlisted)).toBe(true);
    expect(canListItem(ANONYMOUS, unlisted)).toBe(false);
    expect(canListItem(viewer({ id: 99 }), unlisted)).toBe(false);
  });
});

describe('follows, digests and feeds (issue 20 §4)', () => {
  const privateOf = (userId: number) => ({ userId, public: false });
  it('only members follow, and a collection only while they may open it', () => {
    expect(canFollow(ANONYMOUS)).toBe(false);
    expect(canFollow(viewer({}))).toBe(true);
    expect(canFollowCollection(viewer({ id: 2 }), privateOf(9), false)).toBe(false);
    expect(canFollowCollection(viewer({ id: 2 }), privateOf(9), true)).toBe(true);
    expect(canFollowCollection(viewer({ id: 9 }), privateOf(9), false)).toBe(true);
    expect(canFollowCollection(ANONYMOUS, { userId: 9, public: true }, false)).toBe(false);
  });

  it('a digest goes only to a verified address', () => {
    expect(canReceiveDigest(viewer({}))).toBe(true);
    expect(canReceiveDigest(viewer({ emailVerified: false }))).toBe(false);
    expect(canReceiveDigest(viewer({ email: null, emailVerified: false }))).toBe(false);
    expect(canReceiveDigest(ANONYMOUS)).toBe(false);
  });

  it('only a public collection has a feed', () => {
    expect(canFeedCollection({ userId: 1, public: true })).toBe(true);
    expect(canFeedCollection(privateOf(1))).toBe(false);
  });
});

describe('SQL listing conditions agree with the predicates', () => {
  let handle: DatabaseHandle;
  const userIds: number[] = [];

  beforeAll(async () => {
    handle = await freshDatabase();
    const [type] = await handle.db.insert(userTypes).values({ title: 'Member', level: 1 }).returning();
    for (const n of [1, 2, 3]) {
      const [user] = await handle.db
        .insert(users)
        .values({ name: `User ${n}`, email: `user${n}@example.org`, emailVerifiedAt: new Date(), userTypeId: type.id })
        .returning();
      userIds.push(user.id);
    }
  });
  afterAll(async () => handle?.close());

  const arbitraryItem = fc.record({
    visibility: fc.constantFrom(...VISIBILITY_VALUES),
    minimumAccessLevel: fc.integer({ min: 0, max: 6 }),
    maintainer: fc.integer({ min: 0, max: 3 }),
    shareLevel: fc.option(fc.integer({ min: 0, max: 6 })),
    shareExpired: fc.boolean(),
    expiry: fc.constantFrom('none', 'past', 'future'),
  });
  const arbitraryViewer = fc.record({
    userIndex: fc.integer({ min: -1, max: 2 }),
    level: fc.integer({ min: 0, max: 6 }),
    admin: fc.boolean(),
  });

  it('lists and opens exactly the items the predicates allow', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(arbitraryItem, { minLength: 1, maxLength: 12 }), arbitraryViewer, async (specs, v) => {
        const db = handle.db;
        const now = new Date();
        const inserted = await db
          .insert(items)
          .values(
            specs.map((s, i) => ({
              code: `T-${Math.random().toString(36).slice(2)}-${i}`,
              title: `Item ${i}`,
              visibility: s.visibility,
              minimumAccessLevel: s.minimumAccessLevel,
              createdByUserId: s.maintainer === 0 ? null : userIds[s.maintainer - 1],
              expiresAt: s.expiry === 'none' ? null : new Date(now.getTime() + (s.expiry === 'past' ? -60_000 : 86_400_000)),
            })),
          )
          .returning();
        const who: Viewer =
          v.userIndex < 0
            ? ANONYMOUS
            : viewer({ id: userIds[v.userIndex], email: `user${v.userIndex + 1}@example.org`, level: v.level as AccessLevel, admin: v.admin });
        const grants = new Map<number, number>();
        for (const [i, s] of specs.entries()) {
          if (s.shareLevel === null || who.id === null) continue;
          const expiresAt = s.shareExpired ? new Date(now.getTime() - 60_000) : new Date(now.getTime() + 86_400_000);
          await db.insert(shares).values({ sharedType: 'item', itemId: inserted[i].id, toEmail: who.email!, level: s.shareLevel, expiresAt });
          if (!s.shareExpired) grants.set(inserted[i].id, s.shareLevel);
        }
        const ids = inserted.map((row) => row.id);
        const listed = await db
          .select({ id: items.id })
          .from(items)
          .where(and(inArray(items.id, ids), listableItemsCondition(who, now)));
        const openable = await db
          .select({ id: items.id })
          .from(items)
          .where(and(inArray(items.id, ids), openableItemsCondition(who, now)));
        const expectListed = inserted.filter((row) => canListItem(who, row, grants.get(row.id) ?? null, now)).map((r) => r.id);
        const expectOpenable = inserted.filter((row) => canOpenItem(who, row, grants.get(row.id) ?? null, now)).map((r) => r.id);
        expect(listed.map((r) => r.id).sort()).toEqual(expectListed.sort());
        expect(openable.map((r) => r.id).sort()).toEqual(expectOpenable.sort());
        // The same conditions in a prepared statement, built once per kind of viewer, filled with this viewer's values.
        const standIn = viewerPlaceholders(viewerSqlKind(who));
        const values = { ...viewerPlaceholderValues(who), now: now.toISOString() };
        const listedByPlaceholders = await db
          .select({ id: items.id })
          .from(items)
          .where(and(inArray(items.id, ids), listableItemsCondition(standIn, sql.placeholder('now'))))
          .execute(values);
        const openableByPlaceholders = await db
          .select({ id: items.id })
          .from(items)
          .where(and(inArray(items.id, ids), openableItemsCondition(standIn, sql.placeholder('now'))))
          .execute(values);
        expect(listedByPlaceholders.map((r) => r.id).sort()).toEqual(expectListed.sort());
        expect(openableByPlaceholders.map((r) => r.id).sort()).toEqual(expectOpenable.sort());
      }),
      { numRuns: 40 },
    );
  });
});

describe('SQL conditions for prepared statements', () => {
  const dialect = new PgDialect();
  const now = new Date('2025-06-15T12:00:00.000Z');
  const conditions = { listableItemsCondition, openableItemsCondition, validSharesToViewer };
  const viewers: Viewer[] = [
    ANONYMOUS,
    viewer({ level: 0 }),
    viewer({ id: 7, level: 3, email: 'leader@example.org' }),
    viewer({ level: 5, email: 'unverified@example.org', emailVerified: false }),
    viewer({ level: 2, email: null, emailVerified: false }),
    viewer({ level: 2, email: '' }),
    viewer({ level: 3, admin: true }),
    viewer({ level: 1, superadmin: true, email: null }),
    viewer({ level: 4, manager: true, manageUsers: true }),
  ];

  /** The statement text and the values it runs with. */
  function rendered(condition: ReturnType<typeof listableItemsCondition>, values: Record<string, unknown> = {}) {
    if (!condition) return null;
    const query = dialect.sqlToQuery(condition);
    const params = query.params.map((param) => (is(param, Placeholder) ? values[param.name] : param));
    return { sql: query.sql, params: params.map((param) => (param instanceof Date ? param.toISOString() : param)) };
  }

  it.each(Object.entries(conditions))(
    '%s: the stand-in of the viewer’s kind, filled with its values, is the same SQL with the same values',
    (_name, condition) => {
      for (const who of viewers) {
        const standIn = viewerPlaceholders(viewerSqlKind(who));
        const values = { ...viewerPlaceholderValues(who), now: now.toISOString() };
        expect(rendered(condition(standIn, sql.placeholder('now')), values)).toEqual(rendered(condition(who, now)));
      }
    },
  );
});

describe('Admin Advanced actions', () => {
  it('only superadmins may run them; admins, managers and visitors may not', () => {
    expect(canUseAdvanced(viewer({ level: 6, admin: true, superadmin: true }))).toBe(true);
    expect(canUseAdvanced(viewer({ level: 6, admin: true }))).toBe(false);
    expect(canUseAdvanced(viewer({ level: 5, manager: true, manageUsers: true }))).toBe(false);
    expect(canUseAdvanced(ANONYMOUS)).toBe(false);
  });
});

// The profile (member-library §2 /profile, §7 POST /profile/create_own_person_page).
import { canCreateAccessToken, canCreateOwnPersonPage, canDeleteOwnAccount, canManageOwnProfile } from '../../server/access/policy';

describe('the profile', () => {
  it('every signed-in user manages their own profile; visitors have none', () => {
    expect(canManageOwnProfile(viewer({ level: 1 }))).toBe(true);
    expect(canManageOwnProfile(viewer({ level: 6, admin: true }))).toBe(true);
    expect(canManageOwnProfile(ANONYMOUS)).toBe(false);
  });

  it('a signed-in user with a verified e-mail may create access tokens, not while acting as someone; visitors never', () => {
    expect(canCreateAccessToken(viewer({ level: 1 }), false)).toBe(true);
    expect(canCreateAccessToken(viewer({ level: 6, admin: true, superadmin: true }), false)).toBe(true);
    expect(canCreateAccessToken(viewer({ level: 1, emailVerified: false }), false)).toBe(false);
    expect(canCreateAccessToken(viewer({ level: 4 }), true)).toBe(false);
    expect(canCreateAccessToken(ANONYMOUS, false)).toBe(false);
  });

  it('a signed-in user may delete their own account, not while acting as someone, nor as the last admin or superadmin', () => {
    const others = { impersonating: false, otherSuperadmins: 1, otherAdmins: 2 };
    const alone = { impersonating: false, otherSuperadmins: 0, otherAdmins: 0 };
    expect(canDeleteOwnAccount(viewer({ level: 1 }), alone)).toBe(true);
    expect(canDeleteOwnAccount(viewer({ level: 1, emailVerified: false }), alone)).toBe(true);
    expect(canDeleteOwnAccount(viewer({ level: 1 }), { ...others, impersonating: true })).toBe(false);
    expect(canDeleteOwnAccount(viewer({ level: 6, admin: true }), others)).toBe(true);
    expect(canDeleteOwnAccount(viewer({ level: 6, admin: true }), { ...alone, otherAdmins: 0 })).toBe(false);
    expect(canDeleteOwnAccount(viewer({ level: 6, admin: true, superadmin: true }), others)).toBe(true);
    expect(canDeleteOwnAccount(viewer({ level: 6, admin: true, superadmin: true }), { ...others, otherSuperadmins: 0 })).toBe(false);
    expect(canDeleteOwnAccount(ANONYMOUS, others)).toBe(false);
  });

  it('a signed-in user may create their own Person page once; visitors never', () => {
    expect(canCreateOwnPersonPage(viewer({ level: 1 }), false)).toBe(true);
    expect(canCreateOwnPersonPage(viewer({ level: 1 }), true)).toBe(false);
    expect(canCreateOwnPersonPage(viewer({ level: 6, admin: true }), true)).toBe(false);
    expect(canCreateOwnPersonPage(ANONYMOUS, false)).toBe(false);
  });
});

describe('managing users', () => {
  // Imported here so this block stays self-contained beside the others.
  const userOf = (id: number, level: number, flags: { admin?: boolean; superadmin?: boolean } = {}) => ({
    id,
    level,
    admin: false,
    superadmin: false,
    ...flags,
  });
  const member = viewer({ id: 10, level: 1 });
  const manager = viewer({ id: 11, level: 4, manager: true });
  const userManager = viewer({ id: 12, level: 4, manageUsers: true });
  const admin = viewer({ id: 13, level: 6, admin: true });
  const superadmin = viewer({ id: 14, level: 6, admin: true, superadmin: true });

  it('only admins and users with manage_users manage users', async () => {
    const { canManageUsers } = await import('../../server/access/policy');
    expect([ANONYMOUS, member, manager, userManager, admin, superadmin].map(canManageUsers)).toEqual([false, false, false, true, true, true]);
  });

  it('nobody opens, edits, deletes or flags the comments of a user above their own level', async () => {
    const { canOpenUser, canEditUser, canDeleteUser, canFlagUserComments } = await import('../../server/access/policy');
    for (const check of [canOpenUser, canEditUser, canDeleteUser, canFlagUserComments]) {
      expect(check(userManager, userOf(1, 4))).toBe(true);
      expect(check(userManager, userOf(1, 5))).toBe(false);
      expect(check(userManager, userOf(1, 3, { admin: true }))).toBe(false);
      expect(check(admin, userOf(1, 6, { admin: true }))).toBe(true);
      expect(check(admin, userOf(1, 6, { admin: true, superadmin: true }))).toBe(false);
      expect(check(superadmin, userOf(1, 6, { admin: true, superadmin: true }))).toBe(true);
      expect(check(member, userOf(1, 1))).toBe(false);
    }
  });

  it('nobody deletes themselves', async () => {
    const { canDeleteUser } = await import('../../server/access/policy');
    expect(canDeleteUser(userManager, userOf(12, 4))).toBe(false);
  });

  it('user types are given up to one’s own level, never one’s own', async () => {
    const { canSetUserType, canChangeUserType } = await import('../../server/access/policy');
    expect(canSetUserType(userManager, { level: 4 })).toBe(true);
    expect(canSetUserType(userManager, { level: 5 })).toBe(false);
    expect(canSetUserType(admin, { level: 6 })).toBe(true);
    expect(canSetUserType(member, { level: 1 })).toBe(false);
    expect(canChangeUserType(userManager, userOf(12, 4))).toBe(false);
    expect(canChangeUserType(userManager, userOf(1, 2))).toBe(true);
  });

  it('permission flags are for admins, the superadmin flag for superadmins, never on oneself', async () => {
    const { canSetUserFlag } = await import('../../server/access/policy');
    expect(canSetUserFlag(userManager, userOf(1, 2), 'manage_users')).toBe(false);
    expect(canSetUserFlag(admin, userOf(1, 2), 'manage_users')).toBe(true);
    expect(canSetUserFlag(admin, userOf(1, 2), 'superadmin')).toBe(false);
    expect(canSetUserFlag(superadmin, userOf(1, 2), 'superadmin')).toBe(true);
    expect(canSetUserFlag(admin, userOf(13, 6, { admin: true }), 'admin')).toBe(false);
  });

  it('only superadmins impersonate: never themselves, never someone above, never while impersonating', async () => {
    const { canImpersonate } = await import('../../server/access/policy');
    expect(canImpersonate(superadmin, userOf(1, 1))).toBe(true);
    expect(canImpersonate(superadmin, userOf(1, 1), true)).toBe(false);
    expect(canImpersonate(superadmin, userOf(14, 6, { admin: true, superadmin: true }))).toBe(false);
    expect(canImpersonate(admin, userOf(1, 1))).toBe(false);
    expect(canImpersonate(userManager, userOf(1, 1))).toBe(false);
    expect(canImpersonate(viewer({ id: 20, level: 5, superadmin: true }), userOf(1, 6, { admin: true }))).toBe(true);
  });
});

describe('sharing (can.share, can.shareToLevel)', () => {
  it('nobody grants above their own level; level-1 users and visitors grant nothing', async () => {
    const { canGrantAccess, canShareToLevel, maxShareLevel } = await import('../../server/access/policy');
    expect(maxShareLevel(ANONYMOUS)).toBe(0);
    expect(canGrantAccess(viewer({ level: 1 }))).toBe(false);
    expect(canShareToLevel(viewer({ level: 3 }), 3)).toBe(true);
    expect(canShareToLevel(viewer({ level: 3 }), 4)).toBe(false);
    expect(canShareToLevel(viewer({ level: 3 }), 1)).toBe(false);
    expect(canShareToLevel(viewer({ level: 3, admin: true }), 6)).toBe(true);
    expect(canShareToLevel(ANONYMOUS, 2)).toBe(false);
  });

  it('shares only what the sharer opens and sees by their own level or role', async () => {
    const { canShareContent, canShareItem, itemCan } = await import('../../server/access/policy');
    const affiliate = viewer({ level: 2 });
    expect(canShareItem(affiliate, item(VISIBILITY.DISCOVERABLE, 2))).toBe(true);
    expect(canShareItem(affiliate, item(VISIBILITY.DISCOVERABLE, 3))).toBe(false);
    expect(canShareItem(affiliate, item(VISIBILITY.DRAFT, 0))).toBe(false);
    expect(canShareItem(affiliate, item(VISIBILITY.DRAFT, 0, affiliate.id))).toBe(true);
    expect(canShareContent(affiliate, item(VISIBILITY.DISCOVERABLE, 0), { published: true, minimumAccessLevel: 3 })).toBe(false);
    expect(canShareContent(affiliate, item(VISIBILITY.DISCOVERABLE, 0), { published: true, minimumAccessLevel: 2 })).toBe(true);
    expect(itemCan(viewer({ level: 1 }), item(VISIBILITY.DISCOVERABLE, 0))).toMatchObject({ share: false, shareToLevel: 1 });
    expect(itemCan(viewer({ level: 4 }), item(VISIBILITY.DISCOVERABLE, 0))).toMatchObject({ share: true, shareToLevel: 4 });
  });

  it('a level opens an item or row as a grant at that level would, never as a role', async () => {
    const { levelOpensItem, levelSeesContent } = await import('../../server/access/policy');
    expect(levelOpensItem(item(VISIBILITY.DISCOVERABLE, 4), 3)).toBe(false);
    expect(levelOpensItem(item(VISIBILITY.DISCOVERABLE, 4), 4)).toBe(true);
    expect(levelOpensItem(item(VISIBILITY.UNLISTED, 0), 2)).toBe(true);
    expect(levelOpensItem(item(VISIBILITY.DRAFT, 0), 6)).toBe(false);
    expect(levelSeesContent(item(VISIBILITY.DISCOVERABLE, 0), { published: true, minimumAccessLevel: 4 }, 3)).toBe(false);
    expect(levelSeesContent(item(VISIBILITY.DISCOVERABLE, 0), { published: false, minimumAccessLevel: 0 }, 6)).toBe(false);
  });

  it('check-access by e-mail is for admins and user managers', async () => {
    const { canCheckAccessByEmail } = await import('../../server/access/policy');
    expect(canCheckAccessByEmail(viewer({ level: 6, admin: true }))).toBe(true);
    expect(canCheckAccessByEmail(viewer({ level: 3, manageUsers: true }))).toBe(true);
    expect(canCheckAccessByEmail(viewer({ level: 5 }))).toBe(false);
    expect(canCheckAccessByEmail(ANONYMOUS)).toBe(false);
  });
});

describe('user invitations', () => {
  it('admins and user managers invite; members, managers and visitors do not', () => {
    expect(canInvite(viewer({ level: 3, admin: true }))).toBe(true);
    expect(canInvite(viewer({ level: 3, manageUsers: true }))).toBe(true);
    expect(canInvite(viewer({ level: 4, manager: true }))).toBe(false);
    expect(canInvite(viewer({ level: 5 }))).toBe(false);
    expect(canInvite(ANONYMOUS)).toBe(false);
  });

  it('nobody invites to a level above their own, nor to Public', () => {
    const userManager = viewer({ level: 3, manageUsers: true });
    expect([0, 1, 2, 3, 4, 5, 6].filter((level) => canInviteToUserType(userManager, { level }))).toEqual([1, 2, 3]);
    expect([0, 1, 2, 3, 4, 5, 6].filter((level) => canInviteToUserType(viewer({ level: 2, admin: true }), { level }))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(canInviteToUserType(viewer({ level: 6 }), { level: 1 })).toBe(false);
  });

  it('user managers manage their own invitations, admins everyone’s', () => {
    const userManager = viewer({ id: 7, level: 3, manageUsers: true });
    expect(canManageInvitation(userManager, { createdByUserId: 7 })).toBe(true);
    expect(canManageInvitation(userManager, { createdByUserId: 8 })).toBe(false);
    expect(canManageInvitation(viewer({ id: 9, admin: true }), { createdByUserId: 8 })).toBe(true);
    expect(canManageInvitation(viewer({ id: 8, level: 6 }), { createdByUserId: 8 })).toBe(false);
  });

  it('an invitation is accepted only when it raises the level the user acts at', () => {
    expect(invitationRaisesLevel(viewer({ level: 1 }), { level: 2 })).toBe(true);
    expect(invitationRaisesLevel(viewer({ level: 2 }), { level: 2 })).toBe(false);
    expect(invitationRaisesLevel(viewer({ level: 1, admin: true }), { level: 5 })).toBe(false);
    expect(invitationRaisesLevel(ANONYMOUS, { level: 5 })).toBe(false);
  });
});

// Download my data (docs/decisions/access.md "Download my data").
import { canDownloadDataExport, canExportOwnData } from '../../server/access/policy';

describe('download my data', () => {
  it('a signed-in user with a verified e-mail may ask for their data, not while acting as someone; visitors never', () => {
    expect(canExportOwnData(viewer({ level: 0 }), false)).toBe(true);
    expect(canExportOwnData(viewer({ level: 6, admin: true }), false)).toBe(true);
    expect(canExportOwnData(viewer({ level: 1, emailVerified: false }), false)).toBe(false);
    expect(canExportOwnData(viewer({ level: 1 }), true)).toBe(false);
    expect(canExportOwnData(ANONYMOUS, false)).toBe(false);
  });

  it('only the person an archive was prepared for downloads it, signed in as themself: not an admin, nor someone acting as them', () => {
    const person = viewer({ id: 7, level: 1 });
    expect(canDownloadDataExport(person, { userId: 7 }, false)).toBe(true);
    expect(canDownloadDataExport(person, { userId: 7 }, true)).toBe(false);
    expect(canDownloadDataExport(viewer({ id: 8, level: 6, admin: true, superadmin: true }), { userId: 7 }, false)).toBe(false);
    expect(canDownloadDataExport(ANONYMOUS, { userId: 7 }, false)).toBe(false);
  });
});
