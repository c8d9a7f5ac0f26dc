/**
 * Embeds for other sites, as server/app.ts wires them: the routes, the plugin that answers them as a visitor without
 * cookies (registered before the cookies are read), and the security headers of the cards any site may frame.
 */
export { embedRoutes } from './routes';
export { embedSecurityHeaders } from './frames';
export { mayBeFramedByAnySite, visitorOnlyPlugin } from './visitor-only';
