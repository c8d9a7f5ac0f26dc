/**
 * A person's browser, as far as the server can tell: a cookie jar and the Inertia client's headers, over real HTTP to
 * the load balancer (or one instance). The X-Served-By header the balancer adds says which instance answered.
 */

export interface Answer {
  status: number;
  location: string | null;
  /** The instance that answered, as the balancer names it; null when asked directly. */
  servedBy: string | null;
  /** The Inertia page object, for page visits. */
  page: InertiaPage | null;
  body: string;
}

export interface InertiaPage {
  component: string;
  props: Record<string, unknown> & { auth?: { user?: { email?: string } | null }; errors?: Record<string, string> };
  flash?: { notifications?: { message: string }[] };
  version: string;
}

/** The page object embedded in a first visit's HTML. */
function pageFromHtml(html: string): InertiaPage | null {
  const match = /<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as InertiaPage) : null;
}

export class Browser {
  private readonly cookies = new Map<string, string>();
  private assetVersion: string | null = null;

  constructor(readonly baseUrl: string) {}

  /** The same cookies, sent to another address (one instance, bypassing the balancer). */
  at(baseUrl: string): Browser {
    const other = new Browser(baseUrl);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    other.assetVersion = this.assetVersion;
    return other;
  }

  /** A full page load: HTML with the page object in it. */
  async open(path: string): Promise<Answer> {
    const answer = await this.request('GET', path, {});
    const page = pageFromHtml(answer.body);
    if (page) this.assetVersion = page.version;
    return { ...answer, page };
  }

  /** An Inertia visit (JSON page object), as the client makes after the first page. */
  async visit(path: string): Promise<Answer> {
    const answer = await this.request('GET', path, await this.inertiaHeaders());
    return { ...answer, page: answer.status === 200 ? (JSON.parse(answer.body) as InertiaPage) : null };
  }

  /** A JSON request that is not a page (type-ahead). */
  async json(path: string): Promise<Answer> {
    return this.request('GET', path, { accept: 'application/json' });
  }

  /** A change sent as the Inertia router sends it: JSON body, the XSRF header from the cookie. */
  async send(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, referer?: string): Promise<Answer> {
    const headers: Record<string, string> = {
      ...(await this.inertiaHeaders()),
      'x-xsrf-token': decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? ''),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(referer ? { referer: new URL(referer, this.baseUrl).toString() } : {}),
    };
    return this.request(method, path, headers, body === undefined ? undefined : JSON.stringify(body));
  }

  /** A change sent as JSON by the app's own fetch calls (the batch edit dialog): JSON in, JSON out, the XSRF header. */
  async sendJson(method: 'POST' | 'PATCH' | 'DELETE', path: string, body: unknown): Promise<Answer> {
    const headers = {
      accept: 'application/json',
      'content-type': 'application/json',
      'x-xsrf-token': decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? ''),
    };
    return this.request(method, path, headers, JSON.stringify(body));
  }

  /** Files sent as a form with file inputs sends them (multipart), with the XSRF token in the header. */
  async upload(path: string, field: string, files: { name: string; type: string; content: string }[], referer?: string): Promise<Answer> {
    const form = new FormData();
    for (const file of files) form.append(field, new Blob([file.content], { type: file.type }), file.name);
    const headers: Record<string, string> = {
      ...(await this.inertiaHeaders()),
      'x-xsrf-token': decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? ''),
      ...(referer ? { referer: new URL(referer, this.baseUrl).toString() } : {}),
    };
    return this.request('POST', path, headers, form);
  }

  /** Takes the cookies of a response that another client (the sign-in flow) received for this browser. */
  storeCookies(setCookies: string[]): void {
    for (const header of setCookies) {
      const [pair, ...attributes] = header.split(';');
      const separator = pair!.indexOf('=');
      const name = pair!.slice(0, separator).trim();
      const value = pair!.slice(separator + 1).trim();
      const expired = attributes.some(
        (attribute) => /^\s*max-age=0\s*$/i.test(attribute) || (/^\s*expires=/i.test(attribute) && Date.parse(attribute.split('=')[1]!) < Date.now()),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private async inertiaHeaders(): Promise<Record<string, string>> {
    if (this.assetVersion === null) await this.open('/');
    return { 'x-inertia': 'true', 'x-inertia-version': this.assetVersion!, 'x-requested-with': 'XMLHttpRequest' };
  }

  private async request(method: string, path: string, headers: Record<string, string>, body?: string | FormData): Promise<Answer> {
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      redirect: 'manual',
      headers: {
        ...headers,
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      body,
    });
    this.storeCookies(response.headers.getSetCookie());
    return {
      status: response.status,
      location: response.headers.get('location'),
      servedBy: response.headers.get('x-served-by'),
      page: null,
      body: await response.text(),
    };
  }
}
