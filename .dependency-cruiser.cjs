/* global module */
/**
 * The dependency rules (issue 18 §7), checked by `npm run lint` (`depcruise` over the app's code, then
 * scripts/check-architecture.ts). A `.cjs` file: the package is an ES module ("type": "module"), and dependency-cruiser
 * reads its configuration with `require`. Each rule says why it exists; an exception is written into its rule, with
 * the reason beside it.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'client-not-to-server',
      comment:
        'The browser bundle never imports server code: it would ship secrets, Node modules and database code to the ' +
        'client, or fail the build. What both sides need lives in shared/ (docs/architecture.md).',
      severity: 'error',
      from: { path: '^(pages|components|shared)/' },
      to: { path: '^server/' },
    },
    {
      name: 'inertia-not-to-shared',
      comment:
        'server/inertia is the Inertia adapter, a package of its own: it knows nothing of Equip. The app registers its ' +
        'pages, shared props and flash with the adapter by module augmentation (server/web/inertia-types.ts), never ' +
        'the other way round.',
      severity: 'error',
      from: { path: '^server/inertia/' },
      to: { path: '^shared/' },
    },
    {
      name: 'feature-through-public-entry',
      comment:
        'A feature imports another feature only through its public entry, server/features/<other>/index.ts, which ' +
        'exports just what others use: the files behind it stay free to change. Wiring (server/app.ts), tests and ' +
        'scripts may reach inside. (docs/adding-a-feature.md §3)',
      severity: 'error',
      from: { path: '^server/features/([^/]+)/' },
      to: { path: '^server/features/[^/]+/', pathNot: ['^server/features/$1/', '^server/features/[^/]+/index\\.ts$'] },
    },
    {
      name: 'item-core-not-to-features',
      comment:
        'server/items is the item core every feature imports (the item record, whether a viewer may open it, its ' +
        'summary): it imports no feature, or the features would import each other through it again.',
      severity: 'error',
      from: { path: '^server/items/' },
      to: { path: '^server/features/' },
    },
    {
      name: 'route-table-imports-strings-only',
      comment:
        "shared/routes.ts is in the first page's script of every visitor (issue 20 §2). A feature's shared file " +
        'holds all its messages, which would come along: the paths the table builds on are in shared/navigation.ts, ' +
        'a module of strings.',
      severity: 'error',
      from: { path: '^shared/(routes|navigation)\\.ts$' },
      to: { path: '^shared/', pathNot: '^shared/navigation\\.ts$' },
    },
    {
      name: 'no-folder-cycles',
      comment:
        'No cycle between folders (A imports B, and B imports A, perhaps through others), feature folders above all: ' +
        'a cycle makes two features one, which cannot be read, tested or changed apart. What both need goes down into ' +
        'a module that imports neither (the item core server/items, the policy server/access/policy, server/lib). ' +
        'Type-only imports count: they tie the folders together all the same.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular',
      comment:
        'No module imports itself through others: with ES modules a cycle means one module runs against the other ' +
        'half-initialised (an undefined import at start), and it ties the modules into one. A cycle closed only by a ' +
        'type-only import is erased when compiled and is let be (shared/items.ts → routes.ts → taxonomies-admin.ts, ' +
        'which imports the Tag and Taxonomy types back); between folders, types count too (the rules above).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-orphans',
      comment:
        'A module that imports nothing and that nothing imports is left over from a move or a deletion: remove it. ' +
        '(Entry points import the app, so they are not orphans; a declaration file may stand alone. The ' +
        "laravel-precognition stand-in is reached through vite.config.ts's alias, which no import names; the boot " +
        "script, an entry of its own, loads the app by the address the document gives it. The library cache's registry " +
        'of the tables its answers read is what tests/server/cache-version-triggers.test.ts holds the database to.)',
      severity: 'error',
      from: {
        orphan: true,
        pathNot: [
          '\\.d\\.ts$',
          '^components/app/precognition-stand-in\\.ts$',
          '^components/app/boot\\.ts$',
          '^server/features/discovery/cache-dependencies\\.ts$',
        ],
      },
      to: {},
    },
    {
      name: 'not-to-dev-dep',
      comment:
        'Production server code uses only "dependencies": the production install (npm ci --omit=dev) has no ' +
        'devDependencies, so such an import fails at start. Type-only imports are erased by esbuild and are fine.',
      severity: 'error',
      // server/inertia/testing.ts is the adapter's test helpers (expectInertia, on vitest's expect): tests import it,
      // the server never does (the next rule), so it never reaches the production bundle.
      from: { path: '^server/', pathNot: '^server/inertia/testing\\.ts$' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-not-to-test-helpers',
      comment: "The server's code never imports the Inertia adapter's test helpers: they need vitest, a devDependency.",
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/inertia/testing\\.ts$' },
      to: { path: '^server/inertia/testing\\.ts$' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing fails at run time; usually a moved file.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: a cycle or a wrong-way import through types ties modules together all the same.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
