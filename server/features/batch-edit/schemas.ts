/** The batch edit's request (issue 19 §1): the selected items by ref and one action. */
import { z } from 'zod';
import { BATCH_MAX_ITEMS, BATCH_SET_FIELDS } from '../../../shared/batch-edit';

const tagRefs = z.array(z.string().max(24)).min(1).max(20);

export const batchEditBody = z.object({
  refs: z.array(z.string().max(24)).min(1).max(BATCH_MAX_ITEMS),
  action: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('add_tags'), tags: tagRefs }),
    z.object({ kind: z.literal('remove_tags'), tags: tagRefs }),
    z.object({ kind: z.literal('set'), field: z.enum(BATCH_SET_FIELDS), value: z.unknown() }),
  ]),
});

export const batchParams = z.object({ batch: z.string().uuid() });
