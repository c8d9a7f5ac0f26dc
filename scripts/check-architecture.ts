/**
 * `npm run lint` runs this: docs/architecture.md has one row per folder of server/features/ and components/, and no
 * row for a folder that is gone, so the map a newcomer reads first cannot fall behind the tree. And no file under
 * CITATION_FREE_DIRS cites a text the repository does not hold (a specification's '§ 3', 'member-library',
 * 'admin-curation', 'issue 19'): a comment states the rule itself, or names the doc of docs/ that states it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const MAPPED_PARENTS = ['server/features', 'components'];
const ARCHITECTURE = 'docs/architecture.md';
/** The folders kept free of outside citations. */
const CITATION_FREE_DIRS = ['server', 'components', 'pages', 'shared'];
const CITATION = /§\s*\d+|member-library|admin-curation|\bissues? #?\d+/i;
const CHECKED_EXTENSIONS = /\.(tsx?|css|js|svg|md)$/;

const folders = MAPPED_PARENTS.flatMap((parent) =>
  readdirSync(parent, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${parent}/${entry.name}/`),
);
const rows = [...readFileSync(ARCHITECTURE, 'utf8').matchAll(/^\| `([^`]+\/)` \|/gm)]
  .map((match) => match[1])
  .filter((path) => MAPPED_PARENTS.some((parent) => path.startsWith(`${parent}/`) && path.length > parent.length + 1));

const problems = [
  ...folders.filter((folder) => !rows.includes(folder)).map((folder) => `${folder} has no row in ${ARCHITECTURE}: add one saying what lives there`),
  ...rows.filter((row) => !folders.includes(row)).map((row) => `${ARCHITECTURE} has a row for ${row}, which does not exist`),
  ...citations(),
];
for (const problem of problems) console.error(problem);
process.exit(problems.length === 0 ? 0 : 1);

function citations(): string[] {
  return CITATION_FREE_DIRS.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((path) => CHECKED_EXTENSIONS.test(path))
      .flatMap((path) => {
        const file = join(dir, path);
        return readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            CITATION.test(line)
              ? [`${file}:${index + 1} cites '${line.match(CITATION)?.[0]}', a text not in the repository: state the rule, or name the doc of docs/ that does`]
              : [],
          );
      }),
  );
}
