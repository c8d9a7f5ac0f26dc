/**
 * wrong-drive-sharing-permissions (show) and wrong-drive-sharing-permissions-fix: no drive permission may
 * reach more people than Equip lets open the item or content. 'Anyone with the link' suits only Public
 * (level 0) items and their published Public content; a domain share reaches every organisation account, so
 * it suits resources up to the level those accounts sign in at. User and group permissions name their
 * people and are left alone.
 */
import { LEVEL_SHORT_NAMES, clampLevel, type AccessLevel } from '../../../shared/levels';
import type { DrivePermission } from '../../drive/port';
import type { DriveHealthContext } from './context';
import { attempt, failureReason, failureText } from './drive-calls';
import { contentsWithFiles, itemsWithFolders } from './queries';
import { contentLabel, countOf, itemLabel, report, summaryOf, withProgress } from './report';

/** Who may open a shared drive entry in Equip. */
export interface SharingAudience {
  level: AccessLevel;
  /** Whether Equip shows it to anonymous visitors: Public, and published when it is content. */
  public: boolean;
}

export function itemFolderAudience(item: { minimumAccessLevel: number }): SharingAudience {
  const level = clampLevel(item.minimumAccessLevel);
  return { level, public: level === 0 };
}

/** Content is never more open than its item. */
export function contentFileAudience(content: { minimumAccessLevel: number; published: boolean; item: { minimumAccessLevel: number } }): SharingAudience {
  const level = clampLevel(Math.max(content.minimumAccessLevel, content.item.minimumAccessLevel));
  return { level, public: level === 0 && content.published };
}

/** A permission that reaches more people than the audience: what it is and why it is too wide. */
export interface TooWidePermission {
  permission: string;
  why: string;
}

export function tooWidePermission(permission: DrivePermission, audience: SharingAudience, organisationLevel: AccessLevel): TooWidePermission | null {
  if (permission.type === 'anyone' && !audience.public) {
    return { permission: `'anyone with the link' (${permission.role})`, why: `is wider than ${audienceText(audience)}` };
  }
  if (permission.type === 'domain' && audience.level > organisationLevel) {
    return {
      permission: `domain ${permission.domain ?? '(unnamed)'} (${permission.role})`,
      why: `reaches ${levelText(organisationLevel)}, wider than ${audienceText(audience)}`,
    };
  }
  return null;
}

function audienceText(audience: SharingAudience): string {
  return audience.level === 0 ? 'unpublished content' : levelText(audience.level);
}

function levelText(level: AccessLevel): string {
  return `${LEVEL_SHORT_NAMES[level]} (level ${level})`;
}

interface SharedEntry {
  label: string;
  id: string;
  audience: SharingAudience;
}

async function sharedEntries({ db }: DriveHealthContext): Promise<SharedEntry[]> {
  const [folders, files] = await Promise.all([itemsWithFolders(db), contentsWithFiles(db)]);
  return [
    ...folders.map((item) => ({ label: `${itemLabel(item)}: folder ${item.folderId}`, id: item.folderId, audience: itemFolderAudience(item) })),
    ...files.map((content) => ({ label: `${contentLabel(content)}: file ${content.fileId}`, id: content.fileId, audience: contentFileAudience(content) })),
  ];
}

export async function wrongSharingPermissions(context: DriveHealthContext, { fix }: { fix: boolean }): Promise<string> {
  const { drive, now, organisationLevel, progress } = context;
  const findings: string[] = [];
  let found = 0;
  let removed = 0;
  let failed = 0;
  for (const entry of withProgress(await sharedEntries(context), progress, 'folders and files')) {
    const permissions = await attempt(() => drive.listPermissions(entry.id));
    if (!permissions.ok) {
      failed += 1;
      findings.push(`${entry.label} ${failureText(permissions)}`);
      continue;
    }
    for (const permission of permissions.value) {
      const tooWide = tooWidePermission(permission, entry.audience, organisationLevel);
      if (tooWide === null) continue;
      found += 1;
      if (!fix) {
        findings.push(`${entry.label}: ${tooWide.permission} ${tooWide.why}`);
        continue;
      }
      const removal = await attempt(() => drive.removePermission(entry.id, permission.id));
      if (removal.ok) removed += 1;
      else failed += 1;
      findings.push(
        removal.ok
          ? `${entry.label}: removed ${tooWide.permission}, which ${tooWide.why}`
          : `${entry.label}: ${tooWide.permission} ${tooWide.why}, but could not be removed (${failureReason(removal)})`,
      );
    }
  }
  const summary = fix
    ? summaryOf([
        [removed, `removed ${countOf(removed, 'too-wide permission')}`],
        [failed, `${countOf(failed, 'entry', 'entries')} missing, unreadable or not fixed`],
      ])
    : summaryOf([
        [found, `${countOf(found, 'permission')} wider than Equip's access`],
        [failed, `${countOf(failed, 'entry', 'entries')} missing or unreadable`],
      ]);
  return report(fix ? 'wrong-drive-sharing-permissions-fix' : 'wrong-drive-sharing-permissions', now, findings, summary);
}
