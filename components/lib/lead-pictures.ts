/** The cards a phone or a desktop shows before any scrolling (the index, a collection). */
const FIRST_CARDS_IN_VIEW = 2;

/**
 * The refs of the first FIRST_CARDS_IN_VIEW cards that have a picture, in the order shown: one of them is likely the
 * page's largest paint, so they load at once and first (the server preloads them from the head), the rest only near
 * the screen. Cards without a picture do not count: the first pictures may come further down.
 */
export function leadPictureRefs(cards: readonly { ref: string; picture: string | null | undefined }[]): Set<string> {
  return new Set(
    cards
      .filter((card) => Boolean(card.picture))
      .slice(0, FIRST_CARDS_IN_VIEW)
      .map((card) => card.ref),
  );
}
