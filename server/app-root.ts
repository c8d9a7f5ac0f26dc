/**
 * The folder Equip runs from: the nearest folder above this module that holds package.json. The same from the
 * TypeScript sources (`server/…`, run by tsx) and from the production bundle (`dist/server/main.js`), so files
 * shipped beside the code (the client build, migrations, the handbook, public/) are found the same way in both.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function folderWithPackageJson(start: string): string {
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`No package.json above ${start}: Equip must run from its own folder`);
  }
}

export const APP_ROOT = folderWithPackageJson(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the app's folder, e.g. `appPath('migrations')`. */
export function appPath(...parts: string[]): string {
  return path.join(APP_ROOT, ...parts);
}
