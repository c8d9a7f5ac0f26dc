import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { SERVER_RENDERED_PAGES } from './shared/seo.ts';
import { constants as zlib } from 'node:zlib';
import { CLIENT_BOOT, CLIENT_BUILD_BASE, CLIENT_ENTRY, SSR_BUILD_DIR, SSR_ENTRY } from './server/web/client-build.ts';
import { clientChunks } from './scripts/lib/client-chunks.ts';

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
    // Built scripts and styles also as .br and .gz at the highest levels, which server/web/assets.ts serves as they are
    // (preCompressed): smaller than compressing each answer on the fly, at no cost per request (issue 20 §2).
    !isSsrBuild &&
      compression({
        include: /\.(js|css)$/,
        threshold: 1024,
        algorithms: [defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
      }),
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
            codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: chunks.chunkOf }] },
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
