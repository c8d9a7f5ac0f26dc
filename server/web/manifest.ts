/** One chunk of Vite's build manifest (dist/client/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface ChunkAssets {
  scripts: string[];
  preloads: string[];
  styles: string[];
}

/**
 * The files a chunk needs before it runs: its own script, the chunks it imports statically
 * (to preload) and every stylesheet along the way. Dynamic imports load on demand.
 */
export function chunkAssets(manifest: Manifest, key: string): ChunkAssets {
  const entry = manifest[key];
  if (!entry) return { scripts: [], preloads: [], styles: [] };
  const preloads = new Set<string>();
  const styles = new Set<string>();
  const visited = new Set<string>();
  const visit = (chunkKey: string) => {
    if (visited.has(chunkKey)) return;
    visited.add(chunkKey);
    const chunk = manifest[chunkKey];
    if (!chunk) return;
    chunk.css?.forEach((file) => styles.add(file));
    for (const imported of chunk.imports ?? []) {
      const importedChunk = manifest[imported];
      if (importedChunk) preloads.add(importedChunk.file);
      visit(imported);
    }
  };
  visit(key);
  preloads.delete(entry.file);
  return { scripts: [entry.file], preloads: [...preloads], styles: [...styles] };
}
