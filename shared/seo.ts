/**
 * What search engines read (issue 20 §1): robots.txt, and the sitemap of what a visitor may find, an index of pages
 * of at most SITEMAP_PAGE_SIZE addresses each, as the sitemap protocol allows (docs/decisions.md "Robots and sitemap").
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
