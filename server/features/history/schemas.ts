/** The activity feed's query: ?person=&kind=&from=&to=&page=; junk reads as no filter (hand-edited addresses only). */
import { z } from 'zod';
import { ACTIVITY_PERSON_MAX_LENGTH, HISTORY_KINDS, type HistoryKind } from '../../../shared/history';
import { pageNumber } from '../../lib/pagination';
import { firstValue } from '../../lib/validation';
import { rangeQuery } from '../admin-stats';

const KINDS = Object.keys(HISTORY_KINDS) as [HistoryKind, ...HistoryKind[]];

export const activityQuery = z
  .object({
    person: z
      .preprocess(firstValue, z.string())
      .transform((text) => text.trim().slice(0, ACTIVITY_PERSON_MAX_LENGTH))
      .catch(''),
    kind: z.preprocess(firstValue, z.enum(KINDS).nullable()).catch(null),
    page: pageNumber(),
  })
  .and(rangeQuery);
