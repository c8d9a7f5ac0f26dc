import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants as zlib } from 'node:zlib';
import { CLIENT_BOOT, CLIENT_BUILD_BASE, CLIENT_ENTRY, SSR_BUILD_DIR, SSR_ENTRY } from './server/web/client-build.ts';

const DEV_SERVER_PORT = Number(process.env.VITE_PORT ?? 5173);
const devServerUrl = process.env.VITE_DEV_SERVER_URL ?? `http://localhost:${DEV_SERVER_PORT}`;

const ENTRY_ID = fileURLToPath(new URL(CLIENT_ENTRY, import.meta.url));

type ModuleGraph = { getModuleInfo: (id: string) => { importedIds: readonly string[] } | null };

/** Every module the entry imports, directly or through others, by static imports alone. */
function staticImportsOfEntry(graph: ModuleGraph): Set<string> {
  const reached = new Set([ENTRY_ID]);
  const pending = [ENTRY_ID];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) {
      if (reached.has(imported)) continue;
      reached.add(imported);
      pending.push(imported);
    }
  }
  return reached;
}

const entryClosures = new WeakMap<ModuleGraph, Set<string>>();

/**
 * The chunk of a module the entry imports statically: the entry's own. Every page loads those modules anyway; left to
 * itself, Rolldown spreads those that pages import too over a dozen small chunks, each compressed on its own (3 to 4 kB
 * more per first page, issue 20 §2).
 */
function entryChunkOf(id: string, graph: ModuleGraph): string | null {
  let closure = entryClosures.get(graph);
  if (!closure) entryClosures.set(graph, (closure = staticImportsOfEntry(graph)));
  return closure.has(id) ? 'main' : null;
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
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
            codeSplitting: { groups: [{ name: entryChunkOf }] },
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
