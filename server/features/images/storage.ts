import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where image files live, addressed by keys like `uploads/abc123.jpg`. The local folder is the
 * only implementation today; the routes see nothing else, so the files can move to the drive later.
 */
export interface ImageStore {
  write(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  read(key: string): Promise<Buffer | null>;
  /** Removes the files; keys that do not exist are ignored. */
  remove(keys: readonly string[]): Promise<void>;
}

/** DATA_DIR/images: uploaded files under `uploads/`, stock pictures under `stock/`. */
export function imagesDirIn(dataDir: string): string {
  return path.join(dataDir, 'images');
}

const KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9.]+$/;

export function localImageStore(rootDir: string): ImageStore {
  const fileFor = (key: string) => {
    // Keys are built by the app, never taken from a request, but a bad key must never escape the folder.
    if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`invalid image key: ${key}`);
    return path.join(rootDir, key);
  };
  return {
    async write(key, data) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async read(key) {
      try {
        return await readFile(fileFor(key));
      } catch (error) {
        if (isMissingFile(error)) return null;
        throw error;
      }
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(fileFor(key), { force: true })));
    },
  };
}

export function isMissingFile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/** File keys of an uploaded image: the cleaned original and its large JPEG thumbnail. */
export function uploadKeys(imageRef: string, extension: string): { original: string; large: string } {
  return { original: `uploads/${imageRef}.${extension}`, large: `uploads/${imageRef}.large.jpg` };
}

export function largeKeyOf(originalKey: string): string {
  return originalKey.replace(/\.[a-z]+$/, '.large.jpg');
}
