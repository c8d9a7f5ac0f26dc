/**
 * The archive a person downloads: a ZIP of data.json (contents.ts) and README.txt saying what each part is, written
 * under DATA_DIR/exports as {ref}.zip. A file is written beside its final name and renamed when whole, so a download
 * or the sweep never sees half of one.
 */
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { DATA_EXPORT_LINK_VALID_DAYS } from '../../../shared/data-export';
import type { PersonalData } from './contents';

const ARCHIVE_EXTENSION = '.zip';
const PARTIAL_EXTENSION = '.partial';

/** DATA_DIR/exports: archives are files, never rows. */
export function exportsDirIn(dataDir: string): string {
  return path.join(dataDir, 'exports');
}

export function archivePath(dir: string, ref: string): string {
  return path.join(dir, `${ref}${ARCHIVE_EXTENSION}`);
}

/** What README.txt says, for someone opening the archive with no one to ask. */
function readme(data: PersonalData): string {
  return `Your data from ${data.library.name} (${data.library.url})
Prepared ${data.generated_at} (UTC).

data.json holds what the library keeps about you, one section each:

- profile: your name, email address, phone, access level and user type, your account's dates and your settings
  (how often the digest comes).
- sign_in_identities: the sign-in providers linked to your account, with the email address each gave. The library
  keeps no password or provider token.
- affirmations: the items you affirmed, and how.
- comments: your comments, with the item each is on.
- collections: your collections and their entries (section, your note, the item).
- follows: the tags, searches and collections you follow.
- shares_sent, shares_received: the access you gave others (to the address you typed) and that others gave you.
- invitations_sent, invitations_received: the invitations you created (with your note and the addresses you sent
  them to) and those you accepted or declined.
- access_requests: the items you asked for access to.
- access_tokens: your personal access tokens' names and dates. Never the tokens themselves.
- history: the recorded changes you made, someone made as you, or someone made to your account (who that was is
  not named), as an item's History shows them.
- uploaded_files: links to the files and pictures you uploaded that are still in the library. The files are not in
  this archive: a link opens for you when you are signed in, as far as your access allows.

Wherever an item appears as null, it is one you may no longer open (or it was removed), so it is not named here.
Dates are in UTC (ISO 8601).

The link to this archive worked for ${DATA_EXPORT_LINK_VALID_DAYS} days; ask again on your profile for a fresh copy.
`;
}

/** The ZIP's bytes: data.json and README.txt, dated when the data was read. */
export function archiveOf(data: PersonalData): Uint8Array {
  const mtime = new Date(data.generated_at);
  return zipSync(
    {
      'data.json': [strToU8(`${JSON.stringify(data, null, 2)}\n`), { mtime }],
      'README.txt': [strToU8(readme(data)), { mtime }],
    },
    { level: 6 },
  );
}

/** Writes the archive whole (only the data folder's owner may read it) and answers its size. */
export async function writeArchive(dir: string, ref: string, bytes: Uint8Array): Promise<number> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const final = archivePath(dir, ref);
  const partial = `${final}${PARTIAL_EXTENSION}`;
  await writeFile(partial, bytes, { mode: 0o600 });
  await rename(partial, final);
  return bytes.byteLength;
}

export async function removeArchive(dir: string, ref: string): Promise<void> {
  await rm(archivePath(dir, ref), { force: true });
}

/**
 * Removes files no live archive owns: an archive whose row went with its person, a file a failed run left half
 * written. Only those older than `olderThan`, so a file a run is writing (or has just renamed, before its row says
 * ready) is left alone. Answers how many it removed.
 */
export async function removeStrayFiles(dir: string, liveRefs: ReadonlySet<string>, olderThan: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const ref = name.endsWith(ARCHIVE_EXTENSION) ? name.slice(0, -ARCHIVE_EXTENSION.length) : null;
    if (ref !== null && liveRefs.has(ref)) continue;
    if (ref === null && !name.endsWith(`${ARCHIVE_EXTENSION}${PARTIAL_EXTENSION}`)) continue;
    const file = path.join(dir, name);
    const modified = await stat(file).then(
      (stats) => stats.mtime,
      () => null,
    );
    if (modified === null || modified.getTime() > olderThan.getTime()) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}
