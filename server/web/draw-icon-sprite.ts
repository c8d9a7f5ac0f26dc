/**
 * The icon sprite of GET /icons.svg (icon-sprite.ts), drawn from Bootstrap Icons' SVG files: by vite.config.ts into the
 * client build, and by the server in development. Loaded by vite.config.ts, so it imports with file extensions and
 * nothing of the server.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ICON_NAMES } from '../../shared/icons.ts';

/** The sprite's file in the client build (served at ICON_SPRITE_PATH, not under /build/). */
export const ICON_SPRITE_FILE = 'icons.svg';

/** The folder of Bootstrap Icons' SVG files ('x.svg' for 'bi-x'), or why it cannot be found. */
function bootstrapIconsFolder(): string {
  try {
    return path.join(path.dirname(createRequire(import.meta.url).resolve('bootstrap-icons/package.json')), 'icons');
  } catch {
    throw new Error(
      `The icon sprite is not in the client build and bootstrap-icons (a devDependency) is not installed to draw it: run \`npm run build\` with the devDependencies installed.`,
    );
  }
}

let drawn: string | undefined;

/**
 * The sprite, drawn from Bootstrap Icons' SVG files: the inside of each file's `<svg>` becomes a `<symbol>` with the
 * icon's class name as its id. Fails on a name Bootstrap Icons has no file for, so the build checks the list.
 */
export function drawIconSprite(): string {
  if (drawn) return drawn;
  const folder = bootstrapIconsFolder();
  const symbols = ICON_NAMES.map((name) => {
    const file = path.join(folder, `${name.slice('bi-'.length)}.svg`);
    if (!existsSync(file)) throw new Error(`Bootstrap Icons has no icon for ${name} (no ${file})`);
    const drawing = readFileSync(file, 'utf8')
      .replace(/^\s*<svg[^>]*>|<\/svg>\s*$/g, '')
      .replace(/>\s+</g, '><')
      .trim();
    return `<symbol id="${name}" viewBox="0 0 16 16">${drawing}</symbol>`;
  });
  drawn = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>`;
  return drawn;
}
