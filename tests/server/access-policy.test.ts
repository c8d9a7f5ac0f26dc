import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import fc from 'fast-check';
import { and, inArray } from 'drizzle-orm';
import { VISIBILITY, VISIBILITY_VALUES } from '../../shared/enums';
import type { AccessLevel } from '../../shared/levels';
import {
  ANONYMOUS,
  baseCan,
  canListItem,
  canOpenItem,
  effectiveLevel,
  listableItemsCondition,
  menuFlags,
  openableItemsCondition,
  type Viewer,
} from '../../server/access/policy';
import type { DatabaseHandle } from '../../server/db/client';
import { items, shares, users, userTypes } from '../../server/db/schema';
import { freshDatabase } from '../support/database';

function viewer(overrides: Partial<Viewer>): Viewer {
  return { ...ANONYMOUS, id: 1, ref: 'u1', name: 'Someone', email: 'someone@example.org', emailVerified: true, level: 1, userTypeId: 1, ...overrides };
}

const item = (visibility: number, minimumAccessLevel: number, createdByUserId: number | null = 99) => ({ visibility, minimumAccessLevel, createdByUserId, expiresAt: null });

describe('levels and menus', () => {
  it('admins act at level 6 whatever their user type', () => {
    expect(effectiveLevel(viewer({ level: 3, admin: true }))).toBe(6);
    expect(effectiveLevel(viewer({ level: 3 }))).toBe(3);
  });

  it('an anonymous visitor gets no signed-in menus', () => {
    expect(menuFlags(ANONYMOUS)).toEqual({
      systemAdmin: false, manageUsers: false, documentation: false, drafts: false, unpublished: false, unlisted: false, history: false,
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

  it('only superadmins may impersonate', () => {
    expect(baseCan(viewer({ level: 6, admin: true })).impersonate).toBe(false);
    expect(baseCan(viewer({ level: 6, admin: true, superadmin: true })).impersonate).toBe(true);
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
          .values(specs.map((s, i) => ({
            code: `T-${Math.random().toString(36).slice(2)}-${i}`,
            title: `Item ${i}`,
            visibility: s.visibility,
            minimumAccessLevel: s.minimumAccessLevel,
            createdByUserId: s.maintainer === 0 ? null : userIds[s.maintainer - 1],
          })))
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
        const listed = await db.select({ id: items.id }).from(items).where(and(inArray(items.id, ids), listableItemsCondition(who, now)));
        const openable = await db.select({ id: items.id }).from(items).where(and(inArray(items.id, ids), openableItemsCondition(who, now)));
        const expectListed = inserted.filter((row) => canListItem(who, row, grants.get(row.id) ?? null)).map((r) => r.id);
        const expectOpenable = inserted.filter((row) => canOpenItem(who, row, grants.get(row.id) ?? null)).map((r) => r.id);
        expect(listed.map((r) => r.id).sort()).toEqual(expectListed.sort());
        expect(openable.map((r) => r.id).sort()).toEqual(expectOpenable.sort());
      }),
      { numRuns: 40 },
    );
  });
});
