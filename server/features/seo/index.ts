/** What search engines read (issue 20 §1): robots.txt and the sitemap. */
export { seoRoutes } from './routes';
