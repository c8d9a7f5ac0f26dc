import { ERROR_PAGES, type ErrorStatus } from '../../../shared/messages';
import type { PagePropsMap } from '../../../shared/pages';
import type { ForbiddenHelp } from '../../../shared/access-requests';

const OTHER_STATUS_TEXTS: Record<number, { title: string; message: string }> = {
  400: { title: '400: Bad Request', message: 'Sorry, the request could not be understood. Please check what you entered and try again.' },
  405: { title: '405: Method Not Allowed', message: 'Sorry, that action is not available here.' },
  413: { title: '413: Too Large', message: 'Sorry, what you sent is larger than we accept.' },
  415: { title: '415: Unsupported Type', message: 'Sorry, that type of content is not accepted here.' },
  429: { title: '429: Too Many Requests', message: 'You are doing that too often. Please wait a minute and try again.' },
};

/** Props of the error page for a status; unknown 5xx fall back to 500, unknown 4xx to 404's wording style. */
export function errorPageProps(status: number, detail: string | null = null, help: ForbiddenHelp | null = null): PagePropsMap['errors/Error'] {
  const known = ERROR_PAGES[status as ErrorStatus] ?? OTHER_STATUS_TEXTS[status];
  if (known) return { status, title: known.title, message: known.message, detail, ...(help ? { help } : {}) };
  if (status >= 500) return { status: 500, ...ERROR_PAGES[500], detail };
  return { status, title: `${status}: Request Not Accepted`, message: 'Sorry, that request could not be completed.', detail };
}

/** Status to answer with: our errors, Fastify's client errors (4xx) as they are, everything else 500. */
export function statusOf(error: { statusCode?: number }): number {
  const status = error.statusCode ?? 500;
  return status >= 400 && status < 600 ? status : 500;
}
