/**
 * GET /icons.svg: every icon of the app (shared/icons.ts) as `<symbol>`s of one SVG sprite, cached by browsers for good
 * (its address names the icon list). `npm run build` draws it from the SVG files of Bootstrap Icons (the bootstrap-icons
 * package, a devDependency: draw-icon-sprite.ts) into the client build, where the server finds it; in development (the Vite
 * dev server, or a build from before the sprite was part of it) the server draws it once at start from the same files.
 */
import { publicBecause } from '../access/guards';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ICON_SPRITE_PATH } from '../../shared/icons';
import { drawIconSprite, ICON_SPRITE_FILE } from './draw-icon-sprite';

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

export interface IconSpriteOptions {
  /** The client build, which holds ICON_SPRITE_FILE. */
  clientBuildDir: string;
  /** While the Vite dev server serves the client, the sprite is drawn from the sources too. */
  devServerUrl?: string;
}

export function registerIconSprite(app: FastifyInstance, { clientBuildDir, devServerUrl }: IconSpriteOptions): void {
  const built = path.join(clientBuildDir, ICON_SPRITE_FILE);
  const sprite = !devServerUrl && existsSync(built) ? readFileSync(built, 'utf8') : drawIconSprite();
  app.get(ICON_SPRITE_PATH, { preValidation: publicBecause('the icons every page draws') }, async (_request, reply) =>
    reply.type('image/svg+xml; charset=utf-8').header('cache-control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`).send(sprite),
  );
}
