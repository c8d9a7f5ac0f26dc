import { items } from '../../db/schema';
import { cardMinutes, cardTagLabels, firstImageRef } from '../../items';
import { itemAccessColumns } from '../../access/policy';

/** Columns a card needs (`SummaryRow` of the item page's summary mapper), selected from `items`. */
export const summaryColumns = {
  ref: items.ref,
  title: items.title,
  topic: items.topic,
  blurb: items.blurb,
  imageRef: firstImageRef,
  tagLabels: cardTagLabels,
  minutes: cardMinutes,
  ...itemAccessColumns,
};
