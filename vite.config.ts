import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { SERVER_RENDERED_PAGES } from './shared/seo.ts';
import { CLIENT_BOOT, CLIENT_BUILD_BASE, CLIENT_ENTRY, SSR_BUILD_DIR, SSR_ENTRY } from './server/web/client-build.ts';
import { clientChunks } from './scripts/lib/client-chunks.ts';
import { drawIconSprite, ICON_SPRITE_FILE } from './server/web/draw-icon-sprite.ts';
import { precompress } from './scripts/lib/precompress.ts';

const DEV_SERVER_PORT = Number(process.env.VITE_PORT ?? 5173);
const devServerUrl = process.env.VITE_DEV_SERVER_URL ?? `http://localhost:${DEV_SERVER_PORT}`;

// What a first page needs in few files, and the parts on demand named for the document to preload them.
const chunks = clientChunks({
  root: fileURLToPath(new URL('.', import.meta.url)),
  entry: CLIENT_ENTRY,
  pageModules: 'components/lib/page-modules.ts',
  readingPages: [...SERVER_RENDERED_PAGES],
});

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    chunks.plugin,
    react(),
    // The icon sprite (server/web/icon-sprite.ts), drawn here so that the server needs no icon package at run time.
    !isSsrBuild && {
      name: 'equip:icon-sprite',
      apply: 'build',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: ICON_SPRITE_FILE, source: drawIconSprite() });
      },
    },
    // Built scripts and styles also as .br and .gz, which server/web/assets.ts serves as they are (scripts/lib/precompress.ts).
    !isSsrBuild && precompress(),
  ],
  // The Fastify server serves the build under /build/; the dev server answers at its own root.
  base: command === 'build' ? CLIENT_BUILD_BASE : '/',
  publicDir: false,
  // Inertia imports laravel-precognition for live validation, which Equip does not use (components/app/precognition-stand-in.ts).
  resolve: { alias: { 'laravel-precognition': fileURLToPath(new URL('components/app/precognition-stand-in.ts', import.meta.url)) } },
  // `vite build --ssr` builds SSR_ENTRY: one self-contained module for the server, so it needs nothing of node_modules at run time.
  ssr: { noExternal: true, target: 'node' },
  build: isSsrBuild
    ? { outDir: SSR_BUILD_DIR, emptyOutDir: true, rolldownOptions: { input: SSR_ENTRY } }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        rolldownOptions: {
          input: [CLIENT_ENTRY, CLIENT_BOOT],
          output: {
            // A module goes where scripts/lib/client-chunks.ts says, not with the modules that import it: they may belong
            // to other chunks.
            codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: chunks.chunkOf, debugName: 'equip:client-chunks' }] },
            // A chunk is named by its hash alone: every script names the chunks it imports, and the entry the ones it
            // preloads, so a module's name in each (`ItemHistoryButton-…`) cost 1 to 2 kB of every first page (issue 20 §2).
            // The manifest still maps each source file to its chunk. Hashes of letters and digits only: no file name
            // begins with a dash, which shell tools would read as an option.
            chunkFileNames: 'assets/[hash].js',
            hashCharacters: 'base36',
          },
        },
      },
  server: {
    port: DEV_SERVER_PORT,
    strictPort: true,
    // Pages are served by Fastify on another port, so asset URLs must name the dev server.
    origin: devServerUrl,
    cors: { origin: /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/ },
  },
}));
