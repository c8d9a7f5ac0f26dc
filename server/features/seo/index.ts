/** What search engines and chat apps read: robots.txt, the sitemap, and the heads of public pages. */
export { seoRoutes } from './routes';
export { collectionDocumentHead, itemDocumentHead } from './link-preview';
/** For the embeds' cards: the same one-line description as a link preview's. */
export { clippedDescription } from './link-preview';
