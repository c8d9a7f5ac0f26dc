/**
 * The handbook behind /documentation: Markdown files in docs/handbook named NN-slug.md (NN orders them), each
 * starting with a '# Title' line. Pages are read on each request, so an edited file shows without a restart.
 */
import { readdir, readFile } from 'node:fs/promises';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { appPath } from '../../app-root';
import { DOCUMENTATION_SLUG, type DocumentationPage, type DocumentationPageLink } from '../../../shared/documentation';

export const HANDBOOK_DIR = `${appPath('docs', 'handbook')}/`;
const FILE_NAME = /^(\d+)-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;

interface HandbookFile extends DocumentationPageLink {
  file: string;
}

/** The handbook's pages in order (their files are not read). */
async function handbookFiles(dir: string): Promise<{ slug: string; file: string; order: number }[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .map((name) => ({ name, match: FILE_NAME.exec(name) }))
    .filter((entry): entry is { name: string; match: RegExpExecArray } => entry.match !== null)
    .map(({ name, match }) => ({ slug: match[2]!, file: `${dir}/${name}`, order: Number(match[1]) }))
    .sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
}

/** The title ('# Title' line) and the Markdown after it. */
function splitTitle(markdown: string, slug: string): { title: string; body: string } {
  const match = /^\s*#\s+(.+)\r?\n?/.exec(markdown);
  if (!match) return { title: slug, body: markdown };
  return { title: match[1]!.trim(), body: markdown.slice(match[0].length) };
}

/** The first paragraph as plain text. */
function summaryOf(body: string): string {
  const paragraph =
    body
      .split(/\r?\n\s*\r?\n/)
      .map((part) => part.trim())
      .find((part) => part !== '' && !part.startsWith('#')) ?? '';
  return paragraph
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

async function readPage(entry: { slug: string; file: string }): Promise<HandbookFile & { body: string }> {
  const { title, body } = splitTitle(await readFile(entry.file, 'utf8'), entry.slug);
  return { slug: entry.slug, file: entry.file, title, summary: summaryOf(body), body };
}

export async function handbookPages(dir = HANDBOOK_DIR): Promise<DocumentationPageLink[]> {
  const pages = await Promise.all((await handbookFiles(dir)).map(readPage));
  return pages.map(({ slug, title, summary }) => ({ slug, title, summary }));
}

/** The page named by a valid slug, or null (an invalid slug never reaches the file system). */
export async function handbookPage(slug: string, dir = HANDBOOK_DIR): Promise<DocumentationPage | null> {
  if (!DOCUMENTATION_SLUG.test(slug)) return null;
  const entry = (await handbookFiles(dir)).find((candidate) => candidate.slug === slug);
  if (!entry) return null;
  const page = await readPage(entry);
  return { slug: page.slug, title: page.title, html: renderMarkdown(page.body) };
}

/** Markdown to HTML with only safe markup left: no scripts, no event handlers, no javascript: links. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeHtml(html, {
    allowedTags: sanitizeHtml.defaults.allowedTags,
    allowedAttributes: { a: ['href', 'title', 'rel'], code: ['class'], th: ['align'], td: ['align'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}
