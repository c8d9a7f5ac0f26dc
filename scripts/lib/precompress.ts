/**
 * Every built script and stylesheet of 1 kB or more also as .br and .gz at the highest levels (vite.config.ts), which
 * server/web/assets.ts serves as they are (preCompressed): smaller than compressing each answer on the fly, at no cost
 * per request (docs/decisions/front-end.md "What a first page downloads"). A compressed file no smaller than its original is not written.
 *
 * Done once the build is over (Vite's buildApp, after the environment is built), outside Rolldown's hooks: compressing
 * at these levels takes seconds, which inside them (generateBundle, even closeBundle) made Rolldown warn on a busy
 * machine that plugins slowed the build (PLUGIN_TIMINGS).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSED_FILES = /\.(js|css)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export function precompress(): Plugin {
  let written: string[] = [];
  return {
    name: 'equip:precompress',
    apply: 'build',
    // Called only when the bundle was written: its scripts and styles.
    writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      written.push(
        ...Object.keys(bundle)
          .filter((fileName) => COMPRESSED_FILES.test(fileName))
          .map((fileName) => path.join(dir, fileName)),
      );
    },
    // After Vite's own buildApp, which builds nothing itself: the environments are built here, then compressed.
    buildApp: {
      order: 'post',
      async handler(builder) {
        for (const environment of Object.values(builder.environments)) if (!environment.isBuilt) await builder.build(environment);
        const files = written;
        written = [];
        await Promise.all(files.map(compressFile));
      },
    },
  };
}

async function compressFile(file: string): Promise<void> {
  const original = await readFile(file);
  if (original.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([brotli(original, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }), gzipped(original, { level: 9 })]);
  await Promise.all([br.length < original.length && writeFile(`${file}.br`, br), gz.length < original.length && writeFile(`${file}.gz`, gz)]);
}
