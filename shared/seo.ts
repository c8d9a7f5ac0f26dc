/**
 * What search engines read: robots.txt, and the sitemap of what a visitor may find, an index of pages
 * of at most SITEMAP_PAGE_SIZE addresses each, as the sitemap protocol allows (docs/decisions/operations.md "Robots and sitemap").
 */
export const ROBOTS_URL = '/robots.txt';
export const SITEMAP_URL = '/sitemap.xml';
/** A page of the sitemap's items (`?page=n`, from 1). */
export const SITEMAP_ITEMS_URL = '/sitemap-items.xml';
/** A page of the sitemap's public collections (`?page=n`, from 1). */
export const SITEMAP_COLLECTIONS_URL = '/sitemap-collections.xml';
/** The sitemap protocol's limit of addresses per file. */
export const SITEMAP_PAGE_SIZE = 50_000;

/** Where crawlers are asked not to go: sign-in, personal pages and the admin area (the server refuses them anyway). */
export const ROBOTS_DISALLOWED = [
  '/admin',
  '/auth',
  '/dev',
  '/login',
  '/logout',
  '/invite',
  '/unfollow',
  '/profile',
  '/user',
  '/share',
  '/sent',
  '/task',
  '/affirmation',
  '/draft',
  '/unpublished',
  '/unlisted',
  '/batch-edit',
  '/view_as',
] as const;

/** The meta description of pages that have none of their own. */
export function siteDescription(appName: string): string {
  return `${appName}: a shared library of ministry resources, training, people and equipment for youth and children's ministry.`;
}

/** The longest meta description search engines and chat apps show; longer blurbs are cut at a word. */
export const DESCRIPTION_MAX_LENGTH = 200;

/** What a browser without JavaScript shows above the page (public items and collections still read without it). */
export const NOSCRIPT_NOTE =
  'This page needs JavaScript to work fully. Turn JavaScript on, or open a public item or collection, which you can read without it.';

/** The reading pages a visitor's first visit opens: what people read and share, whose first download has a budget. */
export const SERVER_RENDERED_PAGES: ReadonlySet<string> = new Set(['Home', 'items/Index', 'items/Show', 'collection/Show']);
