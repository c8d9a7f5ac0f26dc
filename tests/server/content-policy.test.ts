import { describe, expect, it } from 'vitest';
import { VISIBILITY } from '../../shared/enums';
import {
  ANONYMOUS,
  canCreateDriveFolder,
  canCurateContent,
  canManageContent,
  canOpenDriveFolder,
  canSeeContent,
  canSeeDriveFiles,
  type Viewer,
} from '../../server/access/policy';

function viewer(overrides: Partial<Viewer>): Viewer {
  return { ...ANONYMOUS, id: 1, ref: 'u1', name: 'Someone', email: 'someone@example.org', emailVerified: true, level: 1, userTypeId: 1, ...overrides };
}

const item = (minimumAccessLevel = 0, createdByUserId: number | null = 99, visibility: number = VISIBILITY.DISCOVERABLE) => ({
  visibility,
  minimumAccessLevel,
  createdByUserId,
  expiresAt: null,
});
const content = (minimumAccessLevel: number, published = true) => ({ minimumAccessLevel, published });

describe('content visibility', () => {
  it('an affiliate cannot see staff-level content; staff can', () => {
    expect(canSeeContent(viewer({ level: 2 }), item(), content(4))).toBe(false);
    expect(canSeeContent(viewer({ level: 4 }), item(), content(4))).toBe(true);
  });

  it('a visitor sees public published content only', () => {
    expect(canSeeContent(ANONYMOUS, item(), content(0))).toBe(true);
    expect(canSeeContent(ANONYMOUS, item(), content(1))).toBe(false);
    expect(canSeeContent(ANONYMOUS, item(), content(0, false))).toBe(false);
  });

  it('unpublished content is for the item’s editors only, whatever the level', () => {
    expect(canSeeContent(viewer({ level: 5 }), item(), content(0, false))).toBe(false);
    expect(canSeeContent(viewer({ id: 99, level: 1 }), item(), content(6, false))).toBe(true);
    expect(canSeeContent(viewer({ level: 1, admin: true }), item(), content(6, false))).toBe(true);
  });

  it('a share’s level counts like the viewer’s own', () => {
    expect(canSeeContent(viewer({ level: 2 }), item(), content(4), 4)).toBe(true);
    expect(canSeeContent(viewer({ level: 2 }), item(), content(4), 3)).toBe(false);
  });
});

describe('content management', () => {
  it('the maintainer and admins manage content; only admins curate it and create folders', () => {
    const maintainer = viewer({ id: 99, level: 3 });
    const admin = viewer({ level: 1, admin: true });
    expect(canManageContent(maintainer, item())).toBe(true);
    expect(canManageContent(viewer({ level: 5 }), item())).toBe(false);
    expect(canSeeDriveFiles(maintainer, item())).toBe(true);
    expect(canCurateContent(maintainer)).toBe(false);
    expect(canCurateContent(admin)).toBe(true);
    expect(canCreateDriveFolder(maintainer)).toBe(false);
    expect(canCreateDriveFolder(admin)).toBe(true);
  });

  it('the folder opens for whoever opens the item', () => {
    expect(canOpenDriveFolder(ANONYMOUS, item(0))).toBe(true);
    expect(canOpenDriveFolder(viewer({ level: 2 }), item(4))).toBe(false);
    expect(canOpenDriveFolder(viewer({ level: 2 }), item(0, 99, VISIBILITY.DRAFT))).toBe(false);
  });
});
