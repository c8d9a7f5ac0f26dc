import { describe, expect, it } from 'vitest';
import { VISIBILITY } from '../../shared/enums';
import { ANONYMOUS, canAssignTaskTo, canCreateItemTask, canSettleTask, itemTaskCan, type Viewer } from '../../server/access/policy';

function viewer(overrides: Partial<Viewer>): Viewer {
  return { ...ANONYMOUS, id: 1, ref: 'u1', name: 'Someone', email: 'someone@example.org', emailVerified: true, level: 3, userTypeId: 1, ...overrides };
}

const item = (createdByUserId: number | null) => ({ visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 0, createdByUserId, expiresAt: null });
const task = (forUserId: number | null, byUserId: number | null) => ({ forUserId, byUserId });

describe('the Tasks policy', () => {
  it('lets the item’s editors create tasks: its maintainer and admins, nobody else', () => {
    expect(canCreateItemTask(viewer({ id: 1 }), item(1))).toBe(true);
    expect(canCreateItemTask(viewer({ id: 2, admin: true }), item(1))).toBe(true);
    expect(canCreateItemTask(viewer({ id: 2, level: 5 }), item(1))).toBe(false);
    expect(canCreateItemTask(ANONYMOUS, item(null))).toBe(false);
  });

  it('lets everyone assign themselves, and only those who may search users assign others', () => {
    expect(canAssignTaskTo(viewer({ id: 1 }), { id: 1 })).toBe(true);
    expect(canAssignTaskTo(viewer({ id: 1 }), { id: 2 })).toBe(false);
    expect(canAssignTaskTo(viewer({ id: 1, admin: true }), { id: 2 })).toBe(true);
    expect(canAssignTaskTo(viewer({ id: 1, manageUsers: true }), { id: 2 })).toBe(true);
    expect(itemTaskCan(viewer({ id: 1 }), item(1))).toEqual({ create: true, assignOthers: false });
    expect(itemTaskCan(viewer({ id: 1, manageUsers: true }), item(2))).toEqual({ create: false, assignOthers: false });
    expect(itemTaskCan(viewer({ id: 1, admin: true }), item(2))).toEqual({ create: true, assignOthers: true });
  });

  it('lets the assignee, the creator, the item’s editors and admins settle a task', () => {
    expect(canSettleTask(viewer({ id: 1 }), task(1, 2), item(3))).toBe(true);
    expect(canSettleTask(viewer({ id: 2 }), task(1, 2), item(3))).toBe(true);
    expect(canSettleTask(viewer({ id: 3 }), task(1, 2), item(3))).toBe(true);
    expect(canSettleTask(viewer({ id: 4, admin: true }), task(1, 2), null)).toBe(true);
    expect(canSettleTask(viewer({ id: 4, level: 5 }), task(1, 2), item(3))).toBe(false);
    expect(canSettleTask(viewer({ id: 4 }), task(null, null), null)).toBe(false);
    expect(canSettleTask(ANONYMOUS, task(null, null), null)).toBe(false);
  });
});
