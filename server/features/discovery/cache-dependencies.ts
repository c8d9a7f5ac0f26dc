/**
 * The tables the library cache's answers are computed from, and the version each write to them raises: the one
 * list `tests/server/cache-version-triggers.test.ts` holds the database to. It checks every entry against the
 * triggers the migrations left in the catalog, and runs every cached answer to find the tables it reads, failing on
 * one that is neither here nor in `TABLES_THAT_CANNOT_CHANGE_A_CACHED_ANSWER`.
 *
 * A new table that a cached answer reads needs, together: a trigger in a new migration calling
 * `bump_library_version()` (the item page's parts) or `bump_library_lists_version()` (lists, searches, the type-ahead,
 * the tag catalogue), and, when a level's lists read it, a trigger raising that level's lists version
 * (`bump_level_lists_versions(lowest)`, or `bump_every_level_lists_version()`); then an entry here.
 */

/**
 * The versions of `library_state` a write can raise (migration 0035 raises them at commit):
 * - `library`: `version`, which the item page's cached parts follow;
 * - `lists`: `lists_version`, which admins' and personal lists follow, and `version` with it;
 * - `levelLists`: `level_lists_versions` from the lowest level whose lists the write changes, and `version` with it.
 */
export type CacheVersion = 'library' | 'lists' | 'levelLists';

export type TableWrite = 'insert' | 'update' | 'delete' | 'truncate';

export const EVERY_WRITE: readonly TableWrite[] = ['insert', 'update', 'delete', 'truncate'];

/** The trigger function that stands for each version: the version triggers call it, or a function that does. */
export const VERSION_FUNCTIONS: Readonly<Record<CacheVersion, string>> = {
  library: 'bump_library_version',
  lists: 'bump_library_lists_version',
  levelLists: 'bump_level_lists_versions',
};

/** Writes that raise one version. */
export interface VersionRule {
  raises: CacheVersion;
  /** Which writes raise it; every kind when left out. */
  on?: readonly TableWrite[];
  /** Only updates of these columns raise it; every update when left out. */
  updateOf?: readonly string[];
  /** Why the writes or columns left out cannot change a cached answer. Required with `on` or `updateOf`. */
  why?: string;
}

export interface TableDependency {
  rules: readonly VersionRule[];
  /** For a table lists read that raises no level's lists version: why no level's lists can change with it. */
  noLevelLists?: string;
}

/** What a list card shows of an item, and what decides who may list it: the only columns whose update changes a list. */
const ITEM_LISTED_COLUMNS = ['ref', 'title', 'topic', 'blurb', 'visibility', 'minimum_access_level', 'created_by_user_id', 'expires_at'];

/** Columns of a content row that the item page shows, or that decide who may open it. */
const CONTENT_SHOWN_COLUMNS = [
  'ref',
  'item_id',
  'label',
  'description',
  'format',
  'length_minutes',
  'size_bytes',
  'copyright',
  'google_drive_file_id',
  'export_mode',
  'minimum_access_level',
  'published',
  'is_sample_of_id',
  'position',
];

/** Columns of a content row a list card reads: its minutes, counted over published rows a viewer may open. */
const CONTENT_LISTED_COLUMNS = ['item_id', 'length_minutes', 'published', 'minimum_access_level'];

export const CACHE_DEPENDENCIES: Readonly<Record<string, TableDependency>> = {
  items: {
    rules: [
      {
        raises: 'lists',
        updateOf: ITEM_LISTED_COLUMNS,
        why:
          'The other columns are view counts (counted a second at a time: raising the version with them would empty the ' +
          'cache all day; an entry lives ten minutes), columns kept from these or from item_tags (search vectors, tag ids, ' +
          'filter keys), or the record the item page reads afresh on every visit (authors, code, review…).',
      },
      { raises: 'levelLists' },
    ],
  },
  item_tags: { rules: [{ raises: 'lists' }, { raises: 'levelLists' }] },
  item_images: { rules: [{ raises: 'lists' }, { raises: 'levelLists' }] },
  contents: {
    rules: [
      {
        raises: 'library',
        updateOf: CONTENT_SHOWN_COLUMNS,
        why: 'The open count, last opened and the timestamps are shown by no cached answer.',
      },
      {
        raises: 'lists',
        updateOf: CONTENT_LISTED_COLUMNS,
        why: 'A card shows only the minutes of the published contents a viewer may open.',
      },
      { raises: 'levelLists' },
    ],
  },
  tags: { rules: [{ raises: 'lists' }, { raises: 'levelLists' }] },
  taxonomies: { rules: [{ raises: 'lists' }, { raises: 'levelLists' }] },
  shares: {
    rules: [{ raises: 'lists' }],
    noLevelLists:
      "A level's lists are computed for someone of that level with nothing of their own (levelOnlyViewer): no share is " +
      'addressed to them. Whoever received a share has lists of their own, which follow lists_version.',
  },
  characteristics: { rules: [{ raises: 'library' }] },
  item_characteristics: { rules: [{ raises: 'library' }] },
  relations: { rules: [{ raises: 'library' }] },
  tasks: { rules: [{ raises: 'library' }] },
  item_affirmations: { rules: [{ raises: 'library' }] },
  affirmation_options: { rules: [{ raises: 'library' }] },
  comments: { rules: [{ raises: 'library' }] },
  comment_flags: { rules: [{ raises: 'library' }] },
  users: {
    rules: [
      {
        raises: 'library',
        on: ['update', 'delete', 'truncate'],
        updateOf: ['ref', 'name'],
        why:
          'The cached parts show a user only by name and ref (commenters, task owners); a new user is in none of them ' +
          'until a comment or task names them, and that write raises the version itself.',
      },
    ],
  },
};

/**
 * Tables a cached answer reads whose writes cannot change it by themselves, and why. Each is checked to exist, so
 * the list cannot keep a table that is gone.
 */
export const TABLES_THAT_CANNOT_CHANGE_A_CACHED_ANSWER: Readonly<Record<string, string>> = {
  search_lexemes:
    "The words of items' search vectors, only ever added to, and only by the items triggers of the statement that " +
    'gives an item new words, which raises the lists versions itself. A search completes its last word through it, ' +
    'and which items then match depends on the items alone.',
  title_words:
    "The words of items' titles (typo-tolerant search), only ever added to, and only by the items triggers of the " +
    'statement that gives an item a new title, which raises lists_version itself. One case is open: a new word in a ' +
    "draft's title raises no level's lists version, yet can push one of the five closest words a typed word is " +
    "corrected to out of them, changing a level's cached typo-corrected search until its next write or ten minutes.",
};
