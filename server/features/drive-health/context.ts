import { clampLevel, LEVEL, type AccessLevel } from '../../../shared/levels';
import { userTypeTitled } from '../../auth/user-types';
import type { Database } from '../../db/client';
import type { DrivePort } from '../../drive/port';

/** What every drive health check works on. */
export interface DriveHealthContext {
  db: Database;
  drive: DrivePort;
  /** DATA_DIR/images (`imagesDirIn`): uploaded files under `uploads/`, stock pictures under `stock/`. */
  imagesDir: string;
  now: Date;
  /**
   * The level organisation accounts sign in at (`organisationMemberLevel`): a domain-wide drive share reaches
   * exactly those people, so it is right only for resources at this level or below.
   */
  organisationLevel: AccessLevel;
  /** Takes the latest progress line of a check (Admin Advanced shows it while the check runs). */
  progress?: (line: string) => void;
}

/**
 * The level of ORGANISATION_USER_TYPE. When no such type exists, organisation accounts are not raised on
 * sign-in and stay newcomers, so a domain share then reaches people at the newcomer level only.
 */
export async function organisationMemberLevel(db: Database, organisationUserType: string): Promise<AccessLevel> {
  const type = await userTypeTitled(db, organisationUserType);
  return type ? clampLevel(type.level) : LEVEL.LOGGED_IN;
}
