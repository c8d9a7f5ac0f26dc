/**
 * Every reference to a doc of docs/ must lead somewhere: `docs/<path>.md` names a file that exists, and
 * `docs/<path>.md "Heading"` (also `docs/<path>.md, "Heading"` or `docs/<path>.md ("Heading"`) names a `#`, `##` or
 * `###` line of that file whose text starts with the quoted words, letter case aside. A quoted heading may run over a
 * line break of a comment (`//`, ` * `, `--`, `#`): the break and the comment's marker read as one space.
 * Run: `tsx scripts/check-doc-references.ts`; it lists each broken reference and exits 1 when there is any.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Where references are looked for: these folders (recursively) and files. */
const SEARCHED = ['server', 'components', 'pages', 'shared', 'scripts', 'tests', 'docs', 'README.md'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'build', 'coverage', '.git']);
const TEXT_FILE = /\.(tsx?|mts|cts|jsx?|cjs|mjs|md|sql|css|json|ya?ml|txt|sh)$/;

/** `docs/….md`, then optionally a quoted heading, which may continue over comment line breaks. */
const REFERENCE = /(?<![\w/.-])(docs\/[\w./-]+?\.md)(?:(?:,\s*|\s*\(\s*|\s+)"((?:[^"\n]|\n[ \t]*(?:\/\/+|\*|--|#)?[ \t]*){1,200}?)")?/g;

interface Reference {
  file: string;
  line: number;
  doc: string;
  heading: string | undefined;
}

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : filesUnder(join(path, entry.name));
    return TEXT_FILE.test(entry.name) ? [join(path, entry.name)] : [];
  });
}

const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim().toLowerCase();

function referencesIn(file: string): Reference[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(REFERENCE)].map((match) => ({
    file,
    line: text.slice(0, match.index).split('\n').length,
    doc: match[1].replace(/[.,;:]+$/, ''),
    heading: match[2] === undefined ? undefined : match[2].replace(/\n[ \t]*(?:\/\/+|\*|--|#)?[ \t]*/g, ' '),
  }));
}

const headingsOf = new Map<string, string[] | null>();
/** The `#`–`###` lines of a doc outside code fences, normalised; null when the doc does not exist. */
function headings(doc: string): string[] | null {
  if (!headingsOf.has(doc)) {
    if (!existsSync(doc) || !statSync(doc).isFile()) headingsOf.set(doc, null);
    else {
      let fenced = false;
      const found: string[] = [];
      for (const line of readFileSync(doc, 'utf8').split('\n')) {
        if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
        const match = fenced ? null : /^#{1,3}\s+(.*?)\s*#*\s*$/.exec(line);
        if (match) found.push(normalise(match[1]));
      }
      headingsOf.set(doc, found);
    }
  }
  return headingsOf.get(doc) ?? null;
}

/** A path written as a pattern (`docs/handbook/NN-slug.md`) names no one file. */
const PATTERN = /\/[A-Z]{2,}[-.]|[{}<>*]/;
const references = SEARCHED.flatMap(filesUnder)
  .flatMap(referencesIn)
  .filter((reference) => !PATTERN.test(reference.doc));
const broken = references.flatMap((reference) => {
  const found = headings(reference.doc);
  const where = `${reference.file}:${reference.line}`;
  const quoted = reference.heading === undefined ? '' : ` "${reference.heading}"`;
  if (found === null) return [`${where}: ${reference.doc}${quoted}: no such file`];
  if (reference.heading === undefined) return [];
  const wanted = normalise(reference.heading);
  return found.some((heading) => heading.startsWith(wanted)) ? [] : [`${where}: ${reference.doc}${quoted}: no heading starts so`];
});

for (const problem of broken) console.error(problem);
const withHeading = references.filter((reference) => reference.heading !== undefined).length;
console.log(`${references.length} references to docs (${withHeading} with a heading), ${broken.length} broken`);
process.exitCode = broken.length > 0 ? 1 : 0;
