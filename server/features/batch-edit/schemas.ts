/** The batch edit's request: the selected items by ref and one action. */
import { z } from 'zod';
import { BATCH_MAX_ITEMS, BATCH_SET_FIELDS } from '../../../shared/batch-edit';
import { ITEM_LISTINGS } from '../../../shared/items';
import { REF_PATTERN } from '../../lib/ref';

const tagRefs = z.array(z.string().max(24)).min(1).max(20);

/** "All n matching": a listing with its search and tag filters, as the item index's URL names them. */
const matching = z.object({
  listing: z.enum(ITEM_LISTINGS),
  search: z.string().trim().max(200).default(''),
  tags: z.array(z.string().max(24)).max(20).default([]),
  /** A later run of a selection larger than one run: the last item of the run before (`MatchingRun.nextAfter`). */
  after: z.string().regex(REF_PATTERN).optional(),
});

/** The items by ref (one by one) or every item a listing matches; one of the two. */
export const batchEditBody = z
  .object({
    refs: z.array(z.string().max(24)).min(1).max(BATCH_MAX_ITEMS).optional(),
    /** A later chunk of a batch the dialog applies a chunk at a time: the batch id the first chunk answered. */
    batch: z.string().uuid().optional(),
    matching: matching.optional(),
    action: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('add_tags'), tags: tagRefs }),
      z.object({ kind: z.literal('remove_tags'), tags: tagRefs }),
      z.object({ kind: z.literal('set'), field: z.enum(BATCH_SET_FIELDS), value: z.unknown() }),
    ]),
  })
  .refine((body) => (body.refs === undefined) !== (body.matching === undefined), {
    message: 'Send the items as refs or as a listing they match, one of the two.',
    path: ['refs'],
  });

export const batchParams = z.object({ batch: z.string().uuid() });
export type BatchEditBody = z.infer<typeof batchEditBody>;
