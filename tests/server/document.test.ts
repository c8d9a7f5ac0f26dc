import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PageObject } from '../../server/inertia';
import { assetsPlugin } from '../../server/web/assets';
import { CLIENT_BOOT, CLIENT_ENTRY, MissingClientBuildError } from '../../server/web/client-build';
import { createDocumentRenderer, DEV_ASSET_VERSION } from '../../server/web/document';
import { siteDescription } from '../../shared/seo';
import { ICON_NAMES, ICON_SPRITE_URL } from '../../shared/icons';

const manifest = {
  [CLIENT_ENTRY]: {
    file: 'assets/main-abc.js',
    src: CLIENT_ENTRY,
    isEntry: true,
    imports: ['_vendor-def.js'],
    dynamicImports: ['pages/Home.tsx', 'pages/errors/Error.tsx'],
    css: ['assets/main-abc.css'],
  },
  [CLIENT_BOOT]: { file: 'assets/boot-789.js', src: CLIENT_BOOT, isEntry: true },
  '_vendor-def.js': { file: 'assets/vendor-def.js', css: ['assets/vendor-def.css'] },
  'pages/Home.tsx': {
    file: 'assets/Home-123.js',
    src: 'pages/Home.tsx',
    isDynamicEntry: true,
    imports: ['_vendor-def.js', CLIENT_ENTRY],
    css: ['assets/Home-123.css'],
  },
  'pages/errors/Error.tsx': { file: 'assets/Error-456.js', src: 'pages/errors/Error.tsx', isDynamicEntry: true, imports: [CLIENT_ENTRY] },
};

function page(overrides: Partial<PageObject> = {}): PageObject {
  return { component: 'Home', props: { errors: {}, appName: 'Equip' }, url: '/', version: 'v1', ...overrides };
}

let dir: string;
let manifestPath: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'equip-document-'));
  mkdirSync(path.join(dir, 'client/.vite'), { recursive: true });
  manifestPath = path.join(dir, 'client/.vite/manifest.json');
  writeFileSync(manifestPath, JSON.stringify(manifest));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the HTML document of a first visit', () => {
  it('is a complete document with the page object for the client to boot from', async () => {
    const { renderDocument } = createDocumentRenderer({ appName: 'Equip', appUrl: 'https://equip.example', manifestPath });
    const html = await renderDocument(page({ props: { errors: {}, title: 'Popular' } }));

    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<html lang="en" data-bs-theme="light">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<title data-inertia="">Popular - Equip</title>');
    const json = html.match(/<script data-page="app" type="application\/json">(.*)<\/script><div id="app"><\/div>/)![1];
    expect(JSON.parse(json)).toEqual(page({ props: { errors: {}, title: 'Popular' } }));
  });

  it('falls back to the product name as title and escapes it', async () => {
    const { renderDocument } = createDocumentRenderer({ appName: 'Equip <Sandbox>', appUrl: 'https://equip.example', manifestPath });
    expect(await renderDocument(page())).toContain('<title data-inertia="">Equip &lt;Sandbox&gt;</title>');
  });

  it('keeps a prop containing </script> inside the page element', async () => {
    const { renderDocument } = createDocumentRenderer({ appName: 'Equip', appUrl: 'https://equip.example', manifestPath });
    const html = await renderDocument(page({ props: { errors: {}, intro: '</script><script>alert(1)</script>' } }));
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the entry script's and the page element's own
  });

  it('links the built entry, its stylesheets and the first page chunk from the manifest', async () => {
    const { renderDocument } = createDocumentRenderer({ appName: 'Equip', appUrl: 'https://equip.example', manifestPath });
    const html = await renderDocument(page());

    expect(html).toContain('<link rel="stylesheet" href="/build/assets/main-abc.css">');
    expect(html).toContain('<link rel="stylesheet" href="/build/assets/vendor-def.css">');
    expect(html).toContain('<link rel="stylesheet" href="/build/assets/Home-123.css">');
    expect(html).toContain('<link rel="modulepreload" href="/build/assets/vendor-def.js">');
    expect(html).toContain('<link rel="modulepreload" href="/build/assets/Home-123.js">');
    expect(html).toContain('<script type="module" src="/build/assets/main-abc.js"></script>');
    expect(html).not.toContain('modulepreload" href="/build/assets/main-abc.js"');
    expect(html).not.toContain('Error-456');
  });

  it('describes the page: the site by default, and a link preview with absolute, escaped addresses when given one', async () => {
    const { renderDocument } = createDocumentRenderer({ appName: 'Equip', appUrl: 'https://equip.example/app/', manifestPath });
    expect(await renderDocument(page())).toContain(`<meta name="description" content="${siteDescription('Equip')}">`);
    expect(await renderDocument(page())).not.toContain('og:');

    const html = await renderDocument(page(), undefined, {
      description: 'Say "hi" <loudly>',
      canonicalPath: '/i/abc',
      preview: { title: 'Tom & Jerry', imagePath: null, type: 'article' },
    });
    expect(html).toContain('<meta name="description" content="Say &quot;hi&quot; &lt;loudly&gt;">');
    expect(html).toContain('<link rel="canonical" href="https://equip.example/app/i/abc">');
    expect(html).toContain('<meta property="og:title" content="Tom &amp; Jerry">');
    expect(html).toContain('<meta property="og:url" content="https://equip.example/app/i/abc">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).not.toContain('og:image');
  });

  it('loads the client from the Vite dev server with the react-refresh preamble when one is configured', async () => {
    const { renderDocument, version } = createDocumentRenderer({ appName: 'Equip', appUrl: 'https://equip.example', devServerUrl: 'http://localhost:5173/' });
    const html = await renderDocument(page());

    expect(html).toContain('import { injectIntoGlobalHook } from "http://localhost:5173/@react-refresh";');
    expect(html).toContain('<script type="module" src="http://localhost:5173/@vite/client"></script>');
    expect(html).toContain(`<script type="module" src="http://localhost:5173/${CLIENT_ENTRY}"></script>`);
    expect(html).not.toContain('/build/');
    expect(version()).toBe(DEV_ASSET_VERSION);
  });
});

describe('the asset version', () => {
  it('is a short hash of the manifest, changing with every build', () => {
    const expected = createHash('sha256').update(JSON.stringify(manifest)).digest('hex').slice(0, 16);
    expect(createDocumentRenderer({ appName: 'Equip', appUrl: 'https://equip.example', manifestPath }).version()).toBe(expected);

    writeFileSync(manifestPath, JSON.stringify({ ...manifest, extra: { file: 'assets/extra.js' } }));
    expect(createDocumentRenderer({ appName: 'Equip', appUrl: 'https://equip.example', manifestPath }).version()).not.toBe(expected);
  });

  it('refuses to start without a client build, saying to run npm run build', () => {
    const create = () => createDocumentRenderer({ appName: 'Equip', appUrl: 'https://equip.example', manifestPath: path.join(dir, 'missing.json') });
    expect(create).toThrow(MissingClientBuildError);
    expect(create).toThrow(/npm run build/);
  });
});

describe('assetsPlugin', () => {
  async function appServing(options: Parameters<typeof assetsPlugin>[1]) {
    const app = Fastify();
    await app.register(assetsPlugin, options);
    await app.ready();
    return app;
  }

  it('serves built files under /build/ for a year, and public files at the root', async () => {
    mkdirSync(path.join(dir, 'client/assets'), { recursive: true });
    writeFileSync(path.join(dir, 'client/assets/main-abc.js'), 'console.log(1)');
    mkdirSync(path.join(dir, 'public'));
    writeFileSync(path.join(dir, 'public/favicon.svg'), '<svg/>');
    const app = await appServing({ clientBuildDir: path.join(dir, 'client'), publicDir: path.join(dir, 'public') });

    const script = await app.inject('/build/assets/main-abc.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toBe('console.log(1)');

    const favicon = await app.inject('/favicon.svg');
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('public, max-age=86400');

    expect((await app.inject('/build/.vite/manifest.json')).statusCode).toBe(404);
    expect((await app.inject('/not-a-file')).statusCode).toBe(404);
    await app.close();
  });

  it('serves one icon sprite with a symbol for every icon the app names, cached for good', async () => {
    const app = await appServing({ devServerUrl: 'http://localhost:5173', clientBuildDir: path.join(dir, 'no-build'), publicDir: path.join(dir, 'no-public') });
    const sprite = await app.inject(ICON_SPRITE_URL);
    expect(sprite.statusCode).toBe(200);
    expect(sprite.headers['content-type']).toContain('image/svg+xml');
    expect(sprite.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const symbols = [...sprite.body.matchAll(/<symbol id="([^"]+)" viewBox="0 0 16 16"><path /g)].map((match) => match[1]);
    expect(symbols).toEqual([...ICON_NAMES]);
    await app.close();
  });

  it('fails at startup when there is neither a build nor a dev server', async () => {
    await expect(appServing({ clientBuildDir: path.join(dir, 'no-build'), publicDir: path.join(dir, 'no-public') })).rejects.toThrow(/npm run build/);
  });

  it('starts without a build while the Vite dev server serves the client', async () => {
    const app = await appServing({ devServerUrl: 'http://localhost:5173', clientBuildDir: path.join(dir, 'no-build'), publicDir: path.join(dir, 'no-public') });
    expect((await app.inject('/build/assets/main-abc.js')).statusCode).toBe(404);
    await app.close();
  });
});
