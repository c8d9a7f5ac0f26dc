/** The fields of the item editing calls; their URLs are shared/routes.ts ROUTES.item…. */

/** Field names PATCH /i/{ref} accepts besides `characteristic-{ref}`. */
export type ItemFieldName =
  | 'title'
  | 'topic'
  | 'blurb'
  | 'authors'
  | 'available_external_link'
  | 'initial_publication_year_month'
  | 'last_updated_year_month'
  | 'expires_at'
  | 'expires_note'
  | 'review_after'
  | 'review'
  | 'show_created_by'
  | 'show_as_user_contributed'
  | 'minimum_access_level'
  | 'visibility'
  | 'created_by_user_ref';

export const characteristicField = (characteristicRef: string) => `characteristic-${characteristicRef}`;
export const taxonomyField = (taxonomyRef: string) => `taxonomy-${taxonomyRef}`;
