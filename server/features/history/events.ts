/**
 * History rows that are no row's change (docs/decisions/curation.md "A history of every change"): acting as another user, a
 * deleted user, an Advanced action. Written in the caller's transaction, with the route of the running request.
 */
import type { Database } from '../../db/client';
import { currentChangeContext } from '../../db/change-context';
import { changeHistory } from '../../db/schema';

type HistoryEvent = 'impersonate' | 'stop_impersonating' | 'delete_user' | `advanced:${string}`;

export async function recordEvent(
  db: Pick<Database, 'insert'>,
  event: { kind: HistoryEvent; actorUserId: number | null; subjectUserId: number | null; details?: Record<string, unknown> },
): Promise<void> {
  const context = currentChangeContext();
  await db.insert(changeHistory).values({
    kind: event.kind,
    operation: 'event',
    actorUserId: event.actorUserId,
    impersonatorUserId: context?.impersonator ?? null,
    subjectUserId: event.subjectUserId,
    changes: event.details ?? {},
    route: context?.route ?? null,
    requestId: context?.request ?? null,
  });
}
