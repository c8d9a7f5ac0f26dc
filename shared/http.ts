/** Names the server and the pages agree on over HTTP. */

/** The CSRF token's cookie: set by the server (server/auth/csrf.ts), echoed by Inertia's visits and by plain forms. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
