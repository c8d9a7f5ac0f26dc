/**
 * `npm run lint` runs this: docs/architecture.md has one row per folder of server/features/ and components/, and no
 * row for a folder that is gone, so the map a newcomer reads first cannot fall behind the tree.
 */
import { readdirSync, readFileSync } from 'node:fs';

const MAPPED_PARENTS = ['server/features', 'components'];
const ARCHITECTURE = 'docs/architecture.md';

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
];
for (const problem of problems) console.error(problem);
process.exit(problems.length === 0 ? 0 : 1);
