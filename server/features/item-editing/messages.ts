/** Texts of the item editing routes: validation errors under fields and flash notices. */
export const ITEM_EDIT_ERRORS = {
  titleRequired: 'The title is required.',
  tooLong: (max: number) => `This may be at most ${max} characters.`,
  text: 'Enter text.',
  authors: 'Enter one author per line.',
  tooManyAuthors: (max: number) => `Enter at most ${max} authors.`,
  url: 'Enter a web address starting with http:// or https://.',
  yearMonth: 'Enter a year and month as YYYY-MM.',
  date: 'Enter a date as YYYY-MM-DD.',
  boolean: 'Choose yes or no.',
  wholeNumber: 'Enter a whole number.',
  atLeast: (minimum: number) => `Enter a whole number of at least ${minimum}.`,
  accessLevel: 'Choose an access level from 0 to 6.',
  accessLevelNotAllowed: 'You cannot set this access level.',
  visibility: 'Choose one of the visibility states.',
  unknownUser: 'No user with that reference exists.',
  requiredTaxonomy: (title: string) => `${title} needs at least one tag.`,
  singleTag: (title: string) => `${title} takes only one tag.`,
  unknownTag: 'Choose tags of this taxonomy.',
} as const;

export const ITEM_EDIT_NOTICES = {
  saved: 'Saved',
  tagAdded: 'Tag added',
  /** A taxonomy that holds one tag per item: adding one took the other's place. */
  tagReplaced: (replaced: string[], added: string) => `Replaced ${replaced.join(', ')} with ${added}`,
  tagRemoved: 'Tag removed',
  tagsSaved: 'Tags saved',
  characteristicRemoved: 'Value removed',
  duplicated: (title: string) => `Duplicated as "${title}"`,
  deleted: (title: string) => `Deleted "${title}"`,
} as const;

/** Title of a duplicate. */
export function copyTitle(title: string, maxLength: number): string {
  return `Copy of ${title}`.slice(0, maxLength);
}

export const BAD_EDIT_REQUEST = 'Send exactly one field to save.';
