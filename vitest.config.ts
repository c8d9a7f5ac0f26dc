import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    // One test file per core. Vitest's default is one fewer, which on a 2-core machine runs every file one after
    // another (CI took 25 minutes for them). Browser tests still run alone, after the others: their project reads
    // files one at a time, and Vitest runs such a project in a group of its own once the rest are done.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          setupFiles: ['tests/support/server-setup.ts'],
          globalSetup: ['tests/support/build-client.ts', 'tests/support/template-database-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each file builds its own app on its own database, and no test stubs modules or the environment, so the
          // files of a worker share one module graph: importing the server again for each file was a third of the
          // suite's time.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'pages',
          environment: 'happy-dom',
          include: ['tests/pages/**/*.test.tsx'],
          setupFiles: ['tests/support/pages-setup.ts'],
          // Room for the late on-demand code of tests/support/pages-setup.ts, a second or two for a page's last parts.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'production',
          environment: 'node',
          include: ['tests/production/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
      {
        test: {
          // Several production instances behind HAProxy (npm run test:cluster; not part of npm test).
          name: 'cluster',
          environment: 'node',
          include: ['tests/cluster/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // expect.poll gives up after 1 s by default: a page that takes longer to load on a busy machine failed a
          // journey that was right (the Share dialog filled from an Ask-for-access link).
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
