/** The change context of the history (server/db/change-context.ts): whose work a write is part of. */
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { currentChangeContext, runWithChangeContext, type ChangeContext } from '../../server/db/change-context';
import { createBatchWriter } from '../../server/db/batch-writer';

const REQUEST: ChangeContext = { actor: 7, impersonator: null, route: 'PATCH /i/:ref', request: 'req-1' };

describe('the change context', () => {
  it('follows a request into the work it awaits and schedules', async () => {
    const seen = await runWithChangeContext(
      () => REQUEST,
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return currentChangeContext();
      },
    );
    expect(seen).toEqual(REQUEST);
    expect(currentChangeContext()).toBeNull();
  });

  it('is not carried into a batch written for many requests, whether a timer or a full batch writes it', async () => {
    const contexts: (ChangeContext | null)[] = [];
    const writer = createBatchWriter<number>({
      write: async (batch) => {
        contexts.push(currentChangeContext());
        return batch.length;
      },
      windowMs: 5,
      maxBatch: 3,
      maxWaiting: 100,
      log: pino({ level: 'silent' }),
      what: 'test rows',
    });
    runWithChangeContext(
      () => REQUEST,
      () => writer.record(1),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    runWithChangeContext(
      () => REQUEST,
      () => [2, 3, 4].forEach((row) => writer.record(row)),
    );
    await writer.close();
    expect(contexts.length).toBeGreaterThanOrEqual(2);
    expect(contexts.every((context) => context === null)).toBe(true);
  });
});
