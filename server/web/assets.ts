import { existsSync } from 'node:fs';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { registerIconSprite } from './icon-sprite';
import { CLIENT_BUILD_BASE, CLIENT_BUILD_DIR, MissingClientBuildError, PUBLIC_DIR } from './client-build';
import { SERVICE_WORKER_URL } from '../../shared/offline';

export interface AssetsPluginOptions {
  /** When the Vite dev server serves the client, a missing build is expected. */
  devServerUrl?: string;
  clientBuildDir?: string;
  publicDir?: string;
}

const ONE_YEAR_SECONDS = 365 * 24 * 3600;
const ONE_DAY_SECONDS = 24 * 3600;

/**
 * Serves the Vite build at /build/, the icon sprite at /icons.svg and the files of public/ at the site root. Built files carry
 * a content hash in their names, so browsers may keep them for good.
 */
export const assetsPlugin = fp<AssetsPluginOptions>(
  async (app, options) => {
    const clientBuildDir = options.clientBuildDir ?? CLIENT_BUILD_DIR;
    const publicDir = options.publicDir ?? PUBLIC_DIR;

    if (existsSync(clientBuildDir)) {
      await app.register(fastifyStatic, {
        root: clientBuildDir,
        prefix: CLIENT_BUILD_BASE,
        // The build wrote each script and stylesheet also as .br and .gz (vite.config.ts): sent as they are to a browser
        // that accepts them, so @fastify/compress leaves them alone.
        preCompressed: true,
        // Vite's manifest (in .vite/) is for the server only.
        dotfiles: 'ignore',
        decorateReply: false,
        index: false,
        cacheControl: false,
        setHeaders: (reply) => setCacheControl(reply, `public, max-age=${ONE_YEAR_SECONDS}, immutable`),
      });
    } else if (!options.devServerUrl) {
      throw new MissingClientBuildError(clientBuildDir);
    }
    registerIconSprite(app, { clientBuildDir, devServerUrl: options.devServerUrl });

    if (existsSync(publicDir)) {
      await app.register(fastifyStatic, {
        root: publicDir,
        prefix: '/',
        // Only the files present at startup get routes, so unknown paths still reach the app's 404 page.
        wildcard: false,
        dotfiles: 'ignore',
        decorateReply: false,
        index: false,
        cacheControl: false,
        // The service worker is checked for a new version on every visit; the other files may wait a day.
        setHeaders: (reply, filePath) => setCacheControl(reply, filePath.endsWith(SERVICE_WORKER_URL) ? 'no-cache' : `public, max-age=${ONE_DAY_SECONDS}`),
      });
    }
  },
  { name: 'equip-assets' },
);

function setCacheControl(reply: FastifyReply, value: string): void {
  reply.header('Cache-Control', value);
}
