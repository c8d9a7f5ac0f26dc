import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { serializePage, type PageObject } from '../inertia';
import { absoluteUrl } from '../lib/site-url';
import { NOSCRIPT_NOTE, siteDescription } from '../../shared/seo';
import { oembedQuery } from '../../shared/embeds';
import { RENDERED_PARTS_ATTRIBUTE, SCREEN_SIZE_ATTRIBUTE } from '../../shared/constants';
import type { DocumentHead } from './document-head';
import { CLIENT_BOOT, CLIENT_BUILD_BASE, CLIENT_ENTRY, CLIENT_MANIFEST_PATH, CLIENT_PARTS_FILE, MissingClientBuildError } from './client-build';
import { chunkAssets, type ChunkAssets, type Manifest } from './manifest';
import type { RenderedPage, ServerRenderer } from './ssr';
import { documentTheme } from './theme';
import type { Theme } from '../../shared/theme';
import { APP_ICON_SIZES, appIconUrl, MANIFEST_URL, THEME_COLOR } from '../../shared/offline';

export interface DocumentRendererOptions {
  appName: string;
  /** The site's address (APP_URL), for canonical and link-preview addresses, which must be absolute. */
  appUrl: string;
  /** Vite's dev server (e.g. http://localhost:5173); when set, scripts come from it with hot reload. */
  devServerUrl?: string;
  /** Vite's build manifest; defaults to dist/client/.vite/manifest.json. */
  manifestPath?: string;
  /** Renders every first page on the server (server/web/ssr.ts); without it the browser renders every page. */
  serverRenderer?: ServerRenderer | null;
}

export interface DocumentRenderer {
  /** The full HTML document of a first visit, with the page object for the client to boot from. */
  renderDocument: (page: PageObject, request?: FastifyRequest, head?: DocumentHead) => Promise<string>;
  /** The asset version Inertia compares on every visit: a hash of the manifest, or 'dev'. */
  version: () => string;
  /** The hashes (`sha256-…`) of the scripts the document carries inline, for the Content-Security-Policy's script-src. */
  inlineScriptHashes: string[];
}

export const DEV_ASSET_VERSION = 'dev';
const VERSION_LENGTH = 16;

/**
 * Builds the document renderer once at startup. Without a dev server the client build must
 * exist: the manifest is read here, so a missing build stops the server with a clear message.
 */
export function createDocumentRenderer(options: DocumentRendererOptions): DocumentRenderer {
  const assets = options.devServerUrl ? devServerAssets(options.devServerUrl) : builtAssets(options.manifestPath ?? CLIENT_MANIFEST_PATH);

  return {
    renderDocument: async (page, request, head = {}) => {
      const rendered = request && options.serverRenderer ? await options.serverRenderer.render(page, request) : null;
      const describing = describingTags(head, options);
      return documentHtml({
        title: documentTitle(page, options.appName),
        headTags: [...describing, ...leadPicturePreloads(rendered, describing), ...assets.headTags(page, rendered)],
        page,
        rendered,
        theme: request ? documentTheme(request) : 'light',
      });
    },
    version: () => assets.version,
    inlineScriptHashes: assets.inlineScriptHashes,
  };
}

interface DocumentAssets {
  version: string;
  /**
   * `rendered`: the server-rendered page, whose parts on demand load at once, or null; a tap on a page already in the
   * document, made before the app starts, is kept (components/app/boot.ts).
   */
  headTags: (page: PageObject, rendered: RenderedPage | null) => string[];
  inlineScriptHashes: string[];
}

function builtAssets(manifestPath: string): DocumentAssets {
  if (!existsSync(manifestPath)) throw new MissingClientBuildError(manifestPath);
  const manifestJson = readFileSync(manifestPath, 'utf8');
  const manifest = JSON.parse(manifestJson) as Manifest;
  for (const key of [CLIENT_ENTRY, CLIENT_BOOT])
    if (!manifest[key]) throw new Error(`${manifestPath} has no entry for ${key}; rebuild with \`npm run build\`.`);
  const entry = chunkAssets(manifest, CLIENT_ENTRY);
  const boot = chunkAssets(manifest, CLIENT_BOOT);
  const partChunks = partChunksOf(manifest, path.join(path.dirname(path.dirname(manifestPath)), CLIENT_PARTS_FILE));
  // The tap keeper runs inline in the head, before anything is painted: a tap at first sight comes before any script
  // file could arrive on a slow network (components/app/boot.ts). A function of its own, as a classic script.
  // The build's folder holds the manifest's .vite folder.
  const bootFile = path.join(path.dirname(path.dirname(manifestPath)), boot.scripts[0]!);
  const keeper = existsSync(bootFile) ? `(() => {\n${readFileSync(bootFile, 'utf8').replace(/\/\/# sourceMappingURL=\S*\s*$/, '')}\n})();` : null;
  const inlineScriptHashes = keeper === null ? [] : [`sha256-${createHash('sha256').update(keeper).digest('base64')}`];
  const url = (file: string) => `${CLIENT_BUILD_BASE}${file}`;
  const stylesheet = (file: string) => `<link rel="stylesheet" href="${escapeAttribute(url(file))}">`;

  return {
    version: createHash('sha256').update(manifestJson).digest('hex').slice(0, VERSION_LENGTH),
    inlineScriptHashes,
    headTags: (page, rendered) => {
      const firstPage = chunkAssets(manifest, `pages/${page.component}.tsx`);
      const styles = unique([...entry.styles, ...firstPage.styles]).map(stylesheet);
      // The app loads beside the paint: its entry and the page's own chunk at once, preloaded so that no
      // import waits for another. A page already in the document first gets the small script that keeps the taps
      // made before the app has started, and hands them to it. The parts on demand the page was drawn with load before
      // it hydrates (components/app/main.tsx): their chunks come at once too.
      const parts = (rendered?.parts ?? []).flatMap((id) => partChunks.get(id) ?? []);
      const preloads = unique([
        ...entry.preloads,
        ...firstPage.scripts,
        ...firstPage.preloads,
        ...parts.flatMap((part) => [...part.scripts, ...part.preloads]),
      ]).filter((file) => !entry.scripts.includes(file));
      return [
        ...(rendered && keeper !== null ? [`<script>${keeper}</script>`] : []),
        ...styles,
        ...preloads.map((file) => `<link rel="modulepreload" href="${escapeAttribute(url(file))}">`),
        ...entry.scripts.map((file) => `<script type="module" src="${escapeAttribute(url(file))}"></script>`),
      ];
    },
  };
}

/**
 * The files of each part on demand, by id (server/web/client-build.ts `partIdOf`): the file the build says holds it
 * (CLIENT_PARTS_FILE) and what that file imports. A build without the list preloads no part.
 */
function partChunksOf(manifest: Manifest, partsPath: string): Map<string, ChunkAssets> {
  const chunks = new Map<string, ChunkAssets>();
  if (!existsSync(partsPath)) return chunks;
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  for (const [id, file] of Object.entries(JSON.parse(readFileSync(partsPath, 'utf8')) as Record<string, string>)) {
    const key = keyOfFile.get(file);
    if (key) chunks.set(id, chunkAssets(manifest, key));
  }
  return chunks;
}

function devServerAssets(devServerUrl: string): DocumentAssets {
  const origin = devServerUrl.replace(/\/+$/, '');
  // The react-refresh preamble that @vitejs/plugin-react would inject into an index.html of its own.
  const reactRefreshPreamble = [
    `import { injectIntoGlobalHook } from "${origin}/@react-refresh";`,
    'injectIntoGlobalHook(window);',
    'window.$RefreshReg$ = () => {};',
    'window.$RefreshSig$ = () => (type) => type;',
  ].join('\n');
  const tags = [
    `<script type="module">${reactRefreshPreamble}</script>`,
    `<script type="module" src="${escapeAttribute(`${origin}/@vite/client`)}"></script>`,
    `<script type="module" src="${escapeAttribute(`${origin}/${CLIENT_ENTRY}`)}"></script>`,
  ];
  return { version: DEV_ASSET_VERSION, headTags: () => tags, inlineScriptHashes: [] };
}

/** The server's first title; the client's title callback takes over once the page renders. */
function documentTitle(page: PageObject, appName: string): string {
  const title = page.props.title;
  return typeof title === 'string' && title !== '' ? `${title} - ${appName}` : appName;
}

/**
 * The description every page has, and for what a visitor may open (features/seo/link-preview.ts decides) the canonical
 * address, the oEmbed discovery link other sites embed it by, and the Open Graph and Twitter card tags a chat app
 * unfurls a pasted link with.
 */
function describingTags(head: DocumentHead, { appName, appUrl }: DocumentRendererOptions): string[] {
  const description = head.description ?? siteDescription(appName);
  const tags = [meta('name', 'description', description)];
  if (head.canonicalPath !== undefined) tags.push(`<link rel="canonical" href="${escapeAttribute(absoluteUrl(appUrl, head.canonicalPath))}">`);
  if (head.feed)
    tags.push(
      `<link rel="alternate" type="application/atom+xml" title="${escapeAttribute(head.feed.title)}" href="${escapeAttribute(absoluteUrl(appUrl, head.feed.path))}">`,
    );
  if (head.embed && head.canonicalPath !== undefined) {
    const oembed = absoluteUrl(appUrl, oembedQuery(absoluteUrl(appUrl, head.canonicalPath)));
    tags.push(`<link rel="alternate" type="application/json+oembed" href="${escapeAttribute(oembed)}" title="${escapeAttribute(head.embed.title)}">`);
  }
  const preview = head.preview;
  if (!preview) return tags;
  const image = preview.imagePath === null ? null : absoluteUrl(appUrl, preview.imagePath);
  // The preview's picture is the page's first and largest: fetched before the scripts that compete with it.
  if (preview.imagePath !== null && !preview.siteImage)
    tags.push(`<link rel="preload" as="image" href="${escapeAttribute(preview.imagePath)}" fetchpriority="high">`);
  tags.push(
    meta('property', 'og:type', preview.type),
    meta('property', 'og:site_name', appName),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', description),
    ...(head.canonicalPath === undefined ? [] : [meta('property', 'og:url', absoluteUrl(appUrl, head.canonicalPath))]),
    ...(image === null ? [] : [meta('property', 'og:image', image)]),
    meta('name', 'twitter:card', image === null || preview.siteImage ? 'summary' : 'summary_large_image'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', description),
    ...(image === null ? [] : [meta('name', 'twitter:image', image)]),
  );
  return tags;
}

// React writes the attribute as `fetchPriority`; HTML attribute names are case-insensitive.
const HIGH_PRIORITY_IMAGE = /<img\b[^>]*\bfetchpriority="high"[^>]*>/gi;
const IMAGE_SOURCE = /\ssrc="([^"]*)"/;

/**
 * A server render's high-priority pictures (the first cards of a list, an item's first picture: likely the largest
 * paint), preloaded from the head so they load before the scripts, which compete with them for a phone's bandwidth and
 * which a server-rendered page does not need for its first paint. `src` is copied as React escaped it.
 */
function leadPicturePreloads(rendered: RenderedPage | null, earlierTags: string[]): string[] {
  if (!rendered) return [];
  const sources = [...rendered.body.matchAll(HIGH_PRIORITY_IMAGE)].flatMap(([image]) => IMAGE_SOURCE.exec(image)?.[1] ?? []);
  return unique(sources)
    .map((source) => `<link rel="preload" as="image" href="${source}" fetchpriority="high">`)
    .filter((tag) => !earlierTags.includes(tag));
}

function meta(attribute: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeAttribute(content)}">`;
}

/** The document; with a server render, the rendered app in place of the empty element the browser renders into. */
function documentHtml({
  title,
  headTags,
  page,
  rendered,
  theme,
}: {
  title: string;
  headTags: string[];
  page: PageObject;
  rendered: RenderedPage | null;
  theme: Theme;
}): string {
  const screenSize = rendered ? ` ${SCREEN_SIZE_ATTRIBUTE}="${rendered.screenSize}"` : '';
  const parts = rendered && rendered.parts.length > 0 ? ` ${RENDERED_PARTS_ATTRIBUTE}="${escapeAttribute(rendered.parts.join(' '))}"` : '';
  return [
    '<!doctype html>',
    `<html lang="en" data-bs-theme="${theme}"${screenSize}${parts}>`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title data-inertia="">${escapeText(title)}</title>`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    // Installable: the web app manifest, the home-screen icon iOS reads, the browser's bar colour.
    `<link rel="manifest" href="${MANIFEST_URL}">`,
    `<link rel="apple-touch-icon" href="${appIconUrl(APP_ICON_SIZES[0])}">`,
    `<meta name="theme-color" content="${THEME_COLOR}">`,
    ...headTags,
    // The render's own title repeats the one above, from the same callback.
    ...(rendered?.head.filter((tag) => !tag.startsWith('<title')) ?? []),
    '</head>',
    '<body>',
    `<noscript><p class="alert alert-warning rounded-0 m-0 text-center">${escapeText(NOSCRIPT_NOTE)}</p></noscript>`,
    rendered ? rendered.body : `<script data-page="app" type="application/json">${serializePage(page)}</script><div id="app"></div>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;');
}
