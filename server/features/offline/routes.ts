/**
 * Installable: the web app manifest and the home-screen icons, drawn once from public/favicon.svg. The
 * service worker itself is public/sw.js; what a collection saves for offline is the collections feature's.
 */
import { publicBecause } from '../../access/guards';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import { APP_ICON_SIZES, appIconUrl, MANIFEST_URL, THEME_COLOR } from '../../../shared/offline';
import { PUBLIC_DIR } from '../../web/client-build';

const PUBLIC_DAY = 'public, max-age=86400';

export function webAppManifest(appName: string) {
  return {
    name: appName,
    short_name: appName,
    description: `${appName}: resources, training, people and equipment for children's and youth ministry.`,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: THEME_COLOR,
    icons: [
      ...APP_ICON_SIZES.map((size) => ({ src: appIconUrl(size), sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
}

/** What a browser reads to install the app, before anyone signs in. */
const forInstalling = publicBecause('installing the app, the same for everyone');

export const offlineRoutes: FastifyPluginAsync = async (app) => {
  const manifest = JSON.stringify(webAppManifest(app.config.APP_NAME));
  app.get(MANIFEST_URL, { preValidation: forInstalling }, async (_request, reply) =>
    reply.type('application/manifest+json; charset=utf-8').header('cache-control', PUBLIC_DAY).send(manifest),
  );

  // Drawn on first ask and kept: a few kilobytes each.
  const icons = new Map<number, Buffer>();
  for (const size of APP_ICON_SIZES) {
    app.get(appIconUrl(size), { preValidation: forInstalling }, async (_request, reply) => {
      if (!icons.has(size)) icons.set(size, await drawIcon(size));
      return reply.type('image/png').header('cache-control', PUBLIC_DAY).send(icons.get(size));
    });
  }
};

/** The favicon (a 64-unit square) at `size` pixels, rendered at the density that gives them, not scaled up. */
async function drawIcon(size: number): Promise<Buffer> {
  const svg = await readFile(path.join(PUBLIC_DIR, 'favicon.svg'));
  return sharp(svg, { density: 72 * (size / 64) })
    .resize(size, size)
    .png()
    .toBuffer();
}
