/** Admin Advanced's time budget for drive checks, which cannot stop halfway (docs/decisions.md). */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { LEVEL } from '../../shared/levels';
import type { DatabaseHandle } from '../../server/db/client';
import type { DrivePort } from '../../server/drive/port';
import { runAdvancedAction, type AdvancedContext } from '../../server/features/admin-advanced/actions';
import { freshDatabase } from '../support/database';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

it('answers a drive check that overruns its budget at once, and logs its report when it ends', async () => {
  let finish: (usage: { usedBytes: number; limitBytes: number | null }) => void = () => undefined;
  const slowDrive = { kind: 'local', storageUsage: () => new Promise((resolve) => (finish = resolve)) } as unknown as DrivePort;
  const logLate = vi.fn();
  const now = new Date('2025-03-01T10:00:00Z');
  const context: AdvancedContext = {
    db: database.db,
    drive: slowDrive,
    now,
    appName: 'Equip',
    environment: 'test',
    budgetSeconds: 1,
    driveHealth: async () => ({ db: database.db, drive: slowDrive, imagesDir: '/nonexistent-equip-images', now, organisationLevel: LEVEL.STAFF }),
    logLate,
  };
  const report = await runAdvancedAction('storage_stats', context);
  expect(report).toContain('storage_stats (2025-03-01 10:00 UTC)');
  expect(report).toContain('Stopped waiting after 1 s: the check is still running on the server');
  expect(logLate).not.toHaveBeenCalled();
  finish({ usedBytes: 2048, limitBytes: null });
  await vi.waitFor(() => expect(logLate).toHaveBeenCalledOnce());
  expect(logLate.mock.calls[0]![0]).toBe('storage_stats');
  expect(logLate.mock.calls[0]![1]).toMatch(/^storage_stats \(2025-03-01 10:00 UTC\)/);
});
