/**
 * How `vite build` splits the browser's code into files (vite.config.ts), for a slow phone: on Fast 3G every file
 * costs a round trip of 0.56 s, six at a time over HTTP/1.1, so what a first page needs comes in few files, and what
 * it does not need stays out of them (the first page's budget, scripts/lib/first-page-size.ts).
 *
 * It also names each part on demand (components/lib/on-demand.tsx) by a short id of its source file
 * (`partIdOf`): `onDemand(() => import('./UserMenu'))` becomes `onDemand(() => import('./UserMenu'), 'k3Jd9aQx')`, in
 * the browser's build and the server's alike, so that the server-side render can say which parts it drew; the build
 * writes which file holds each part (CLIENT_PARTS_PATH), and the document preloads the files of the parts it was drawn with.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { CLIENT_PARTS_FILE, partIdOf } from '../../server/web/client-build.ts';

interface ModuleInfo {
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}
export interface ModuleGraph {
  getModuleInfo: (id: string) => ModuleInfo | null;
}

export interface ClientChunkOptions {
  /** The project's folder, which module ids are under. */
  root: string;
  /** The client entry's source file (CLIENT_ENTRY). */
  entry: string;
  /** The module whose dynamic imports are the pages (components/lib/page-modules.ts). */
  pageModules: string;
  /** The pages a visitor's first visit opens, as Inertia names them (SERVER_RENDERED_PAGES). */
  readingPages: readonly string[];
}

const ON_DEMAND_PART = /\bonDemand\(\s*\(\)\s*=>\s*import\(\s*(['"])([^'"]+)\1\s*\)\s*\)/g;

/** The modules `roots` import, directly or through others, by static imports alone (the roots included). */
function staticImportsOf(graph: ModuleGraph, roots: Iterable<string>): Set<string> {
  const reached = new Set(roots);
  const pending = [...reached];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) {
      if (reached.has(imported)) continue;
      reached.add(imported);
      pending.push(imported);
    }
  }
  return reached;
}

interface Groups {
  entry: Set<string>;
  pageIds: Set<string>;
  layoutParts: Set<string>;
  reading: Array<{ page: string; imports: Set<string>; own: Set<string>; parts: Set<string> }>;
}

/** The Vite plugin that names the parts on demand and writes where each is, and the function that groups modules into chunks. */
export function clientChunks(options: ClientChunkOptions): { plugin: Plugin; chunkOf: (id: string, graph: ModuleGraph) => string | null } {
  const moduleId = (file: string) => path.join(options.root, file);
  const sourceFile = (id: string) => path.relative(options.root, id).split(path.sep).join('/');
  /** The parts on demand each module draws (`onDemand(() => import(…))`), by module id; dialogs are not among them. */
  const partsDrawnBy = new Map<string, Set<string>>();
  const groupsOfBuild = new WeakMap<ModuleGraph, Groups>();

  /** `roots`, what they import statically, the parts those draw, and so on: all a page drawn with its parts runs. */
  const withPartsOf = (graph: ModuleGraph, roots: Iterable<string>): Set<string> => {
    const reached = staticImportsOf(graph, roots);
    for (let known = 0; reached.size > known;) {
      known = reached.size;
      const parts = [...reached].flatMap((id) => [...(partsDrawnBy.get(id) ?? [])]);
      for (const id of staticImportsOf(graph, parts)) reached.add(id);
    }
    return reached;
  };

  const groups = (graph: ModuleGraph): Groups => {
    const known = groupsOfBuild.get(graph);
    if (known) return known;
    const entryId = moduleId(options.entry);
    const entry = staticImportsOf(graph, [entryId]);
    // The files a browser loads by themselves: the entry and whatever anything imports dynamically (pages, parts, dialogs).
    const roots = new Set([entryId]);
    const everyModule = new Set([entryId]);
    const pending = [entryId];
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      const info = graph.getModuleInfo(id);
      for (const dynamic of info?.dynamicallyImportedIds ?? []) roots.add(dynamic);
      for (const next of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])]) {
        if (everyModule.has(next)) continue;
        everyModule.add(next);
        pending.push(next);
      }
    }
    const rootsOf = new Map<string, number>();
    for (const root of roots) for (const id of staticImportsOf(graph, [root])) rootsOf.set(id, (rootsOf.get(id) ?? 0) + 1);
    const pageIds = new Set(graph.getModuleInfo(moduleId(options.pageModules))?.dynamicallyImportedIds ?? []);
    const layoutParts = withPartsOf(graph, [entryId]);
    const reading = options.readingPages.map((page) => {
      const id = moduleId(`pages/${page}.tsx`);
      const imports = staticImportsOf(graph, [id]);
      // What this page alone imports stays in its own chunk, as Rolldown would have it: one file fewer.
      const own = new Set([...imports].filter((module) => rootsOf.get(module) === 1));
      return { page, imports, own, parts: withPartsOf(graph, [id]) };
    });
    const found = { entry, pageIds, layoutParts, reading };
    groupsOfBuild.set(graph, found);
    return found;
  };

  /**
   * The chunk of a module, else null for Rolldown to choose:
   * - 'main', what the entry imports statically. Every page loads those modules anyway; left to itself, Rolldown
   *   spreads those that pages import too over a dozen small chunks, each compressed on its own.
   * - 'layout-parts', what the layout's parts on demand (a member's user menu, the sidebar's history…) need beyond it.
   * - 'reading-…', what the reading pages import statically, one chunk for each set of those pages that import it (what
   *   one page alone imports stays in its own chunk): a visitor's first page loads only what it uses, in a few files
   *   rather than ten or twelve.
   * - 'parts-…', what the parts on demand that the reading pages draw need beyond that, one chunk per set of those
   *   pages: a member's page drawn with its parts loads them in a few files rather than twenty or thirty.
   * Another page that imports a module of the parts' chunks loads that chunk, more than it needs but in one file: on a
   * slow phone a round trip costs what 100 kB do. Only the reading pages have a budget, which their chunks keep.
   */
  const chunkOf = (id: string, graph: ModuleGraph): string | null => {
    const { entry, pageIds, layoutParts, reading } = groups(graph);
    if (entry.has(id)) return 'main';
    if (pageIds.has(id) || reading.some(({ own }) => own.has(id))) return null;
    const readers = reading.filter(({ imports }) => imports.has(id)).map(({ page }) => page);
    if (readers.length > 0) return `reading-${chunkSuffix(readers)}`;
    if (layoutParts.has(id)) return 'layout-parts';
    const drawers = reading.filter(({ parts }) => parts.has(id)).map(({ page }) => page);
    return drawers.length > 0 ? `parts-${chunkSuffix(drawers)}` : null;
  };

  const plugin: Plugin = {
    name: 'equip:client-chunks',
    enforce: 'pre',
    async transform(code, id) {
      if (id.includes('/node_modules/') || !/\.tsx?$/.test(id) || !code.includes('onDemand(')) return null;
      const calls = [...code.matchAll(ON_DEMAND_PART)];
      if (calls.length === 0) return null;
      const drawn = new Set<string>();
      partsDrawnBy.set(id, drawn);
      let named = code;
      // From the last call back, so that each call's index still holds.
      for (const call of calls.reverse()) {
        const [text, quote, specifier] = call;
        const resolved = await this.resolve(specifier!, id);
        if (!resolved) this.error(`${id}: cannot resolve the part on demand ${specifier}`);
        drawn.add(resolved.id);
        const end = call.index + text.length - 1;
        named = `${named.slice(0, end)}, ${quote}${partIdOf(sourceFile(resolved.id))}${quote}${named.slice(end)}`;
      }
      return { code: named, map: null };
    },
    generateBundle(_options, bundle) {
      if (this.environment.config.build.ssr) return;
      const parts = [...partsDrawnBy.values()].flatMap((drawn) => [...drawn]);
      const fileOf: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) if (parts.includes(id)) fileOf[partIdOf(sourceFile(id))] = output.fileName;
      }
      this.emitFile({ type: 'asset', fileName: CLIENT_PARTS_FILE, source: `${JSON.stringify(fileOf, null, 2)}\n` });
    },
  };
  return { plugin, chunkOf };
}

function chunkSuffix(pages: readonly string[]): string {
  return pages.join('+').replaceAll('/', '-');
}
