/**
 * Hostile requests for the route fuzz suite: every part of a request (path parameters, query, body, content type,
 * Inertia headers, CSRF token) drawn from values that have broken web apps before, mixed with values that are
 * valid here (real refs, e-mails, levels) so requests also get past the first check of a route.
 */
import fc from 'fast-check';
import { z } from 'zod';
import type { InjectOptions } from 'fastify';
import type { RouteEntry } from '../../../server/lib/route-table';

export const ROLES = ['anonymous', 'member', 'leader', 'staff', 'admin', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];

/** What the running app offers the generator: its routes, and real values to mix in. */
export interface FuzzWorld {
  routes: readonly RouteEntry[];
  /** Existing refs, by table name. */
  refs: Record<string, string[]>;
  /** Other valid-looking values: e-mails, tag labels, levels. */
  knownValues: string[];
  /** Field names each route answered errors for ("METHOD url" → names): learned while the suite runs. */
  fieldsByRoute: ReadonlyMap<string, readonly string[]>;
}

export const routeKey = (route: RouteEntry) => `${route.method} ${route.url}`;

type Encoded = { raw: string };
/** A path segment or query value: text to percent-encode, or raw (possibly malformed) URL text. */
export type UrlValue = string | Encoded;

export type FuzzBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string; text: string }
  | { kind: 'form'; fields: [string, string][] }
  | { kind: 'multipart'; fields: [string, string][]; file: { field: string; name: string; type: string; bytes: string } | null; breakBoundary: boolean };

export interface FuzzCase {
  role: Role;
  route: RouteEntry;
  params: UrlValue[];
  query: [string, UrlValue][];
  body: FuzzBody;
  inertia: 'none' | 'current' | 'stale';
  partial: { component: string; data: string } | null;
  errorBag: string | null;
  acceptJson: boolean;
  csrf: 'valid' | 'missing' | 'wrong';
  referer: string | null;
}

const FIELD_NAMES = [
  'title',
  'blurb',
  'topic',
  'name',
  'email',
  'level',
  'comment',
  'note',
  'notes',
  'note_to_self',
  'tags',
  'tag',
  'label',
  'page',
  'q',
  'search',
  'position',
  'section',
  'sections',
  'visibility',
  'minimum_access_level',
  'expires_at',
  'review_after',
  'code',
  'url',
  'user_type_id',
  'for_user_ref',
  'parent_ref',
  'due_date',
  'priority',
  'task',
  'affirmation',
  'is_negative',
  'private',
  'public',
  'description',
  'admin',
  'superadmin',
  'manager',
  'manage_users',
  'action',
  'daysValidity',
  'days_validity',
  'return_to',
  'share',
  'id',
  'ref',
  'item_ref',
  'collection',
  'collection_ref',
  'format',
  'value',
  'required',
  'multiselect',
  'increase',
  'show_in_filtering',
  'export_mode',
  'length_minutes',
  'file',
  'files',
  'image',
  'images',
  'run',
  'to',
  'where',
  'data',
  '__proto__',
  'constructor',
  'success',
  'error',
  'sub',
  'state',
];

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '\u202eevil\u202c',
  '\u200b',
  '💥',
  'ｔｉｔｌｅ',
  '%',
  '%ZZ',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '99999999999999999999999999',
  '-1',
  '0',
  '1',
  '3',
  '6',
  '7',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'true',
  'false',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'javascript:alert(1)',
  'http://evil.example/',
  '//evil.example',
  '\r\nX-Injected: 1',
  '2026-02-30',
  '0000-00-00',
  '9999-12-31T23:59:59Z',
  'a@b',
  'member@example.org',
  'MEMBER@EXAMPLE.ORG',
  'nobody@nowhere.invalid',
];

const LONG_STRINGS = ['x'.repeat(256), 'y'.repeat(5000), 'z\u0000'.repeat(2000), 'é'.repeat(40_000)];

const MALFORMED_URL_TEXT = ['%ZZ', '%', '%E0%A4%A', '%C0%AF', '%ED%A0%80', '%00', '%FF%FE', '%25', '%2e%2e%2f', 'a%0Ab'];

const MALFORMED_BODIES: { contentType: string; text: string }[] = [
  { contentType: 'application/json', text: '{' },
  { contentType: 'application/json', text: '{"title":' },
  { contentType: 'application/json', text: '' },
  { contentType: 'application/json', text: 'null' },
  { contentType: 'application/json', text: '"text"' },
  { contentType: 'application/json', text: '[1,2,3]' },
  { contentType: 'application/json', text: '{"a":"\\u0000"}' },
  { contentType: 'application/json', text: '{"title":"\\ud800"}' },
  { contentType: 'application/json', text: '{"__proto__":{"admin":true}}' },
  { contentType: 'application/json', text: '{"constructor":{"prototype":{"x":1}}}' },
  { contentType: 'application/json; charset=utf-16', text: '{}' },
  { contentType: 'text/plain', text: 'title=hello' },
  { contentType: 'application/xml', text: '<a>1</a>' },
  { contentType: 'application/x-www-form-urlencoded', text: '%ZZ=%ZZ&a' },
  { contentType: 'application/x-www-form-urlencoded', text: 'a[b][c][d][e][f]=1&a[0]=2' },
  { contentType: 'multipart/form-data', text: 'garbage' },
  { contentType: 'multipart/form-data; boundary=x', text: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1' },
  { contentType: '', text: 'anything' },
  { contentType: 'application/octet-stream', text: '\u0000\u0001\u0002' },
];

const PARAM_TABLES: [RegExp, string][] = [
  [/^\/i\/:ref\/characteristic/, 'items'],
  [/^\/(i|item)\//, 'items'],
  [/^\/collection_item\//, 'collection_items'],
  [/^\/collection\//, 'collections'],
  [/^\/content\//, 'contents'],
  [/^\/comment\//, 'comments'],
  [/^\/user_invitation\//, 'invitations'],
  [/^\/invite\//, 'invitations'],
  [/^\/user\//, 'users'],
  [/^\/task\//, 'tasks'],
  [/^\/relation\//, 'relations'],
  [/^\/image\//, 'item_images'],
  [/^\/admin\/taxonomy\//, 'taxonomies'],
  [/^\/admin\/tag\//, 'tags'],
  [/^\/admin\/characteristic\//, 'characteristics'],
  [/^\/admin\/affirmation\//, 'affirmation_options'],
];

/** The table whose refs a route's first parameter most likely names. */
function tableForRoute(url: string): string | null {
  return PARAM_TABLES.find(([pattern]) => pattern.test(url))?.[1] ?? null;
}

export function parameterNames(url: string): string[] {
  return url.split('/').flatMap((segment) => (segment.startsWith(':') ? [segment.slice(1)] : segment === '*' ? ['*'] : []));
}

function textArbitrary(world: FuzzWorld): fc.Arbitrary<string> {
  const allRefs = Object.values(world.refs).flat();
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 3, arbitrary: fc.constantFrom(...world.knownValues, ...(allRefs.length ? allRefs : ['none'])) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.constantFrom(...LONG_STRINGS) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    // A value that passes a first look and carries the hostile part inside.
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom('Prayer games', 'member@example.org', '2026-12-01', '3'), fc.constantFrom('\u0000', '\ud800', '\u202e', ' '.repeat(3)))
        .map(([valid, nasty]) => `${valid}${nasty}`),
    },
  );
}

function jsonValueArbitrary(text: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    { weight: 6, arbitrary: text },
    { weight: 2, arbitrary: fc.constantFrom(0, 1, -1, 3, 6, 7, 1.5, 2147483648, -2147483649, Number.MAX_SAFE_INTEGER, 1e308) },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
  );
  return fc.oneof(
    { weight: 8, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(leaf, { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), leaf, { maxKeys: 3 }) },
  );
}

function paramArbitrary(world: FuzzWorld, route: RouteEntry, text: fc.Arbitrary<string>): fc.Arbitrary<UrlValue> {
  const table = tableForRoute(route.url);
  const own = table ? (world.refs[table] ?? []) : [];
  const any = Object.values(world.refs).flat();
  return fc.oneof(
    { weight: own.length ? 10 : 0, arbitrary: own.length ? fc.constantFrom(...own) : fc.constant('x') },
    { weight: 1, arbitrary: any.length ? fc.constantFrom(...any) : fc.constant('x') },
    { weight: 3, arbitrary: text },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_URL_TEXT).map((raw): Encoded => ({ raw })) },
  );
}

/** A value a form would plausibly send for a field of this name, so the one hostile field is what the route meets. */
function plausibleValue(world: FuzzWorld, field: string): unknown {
  if (/email/.test(field)) return 'member@example.org';
  if (/level|priority|position|page|id$|minutes|increase/.test(field)) return '3';
  if (/date|_at$|after/.test(field)) return '2027-01-15';
  if (/url/.test(field)) return 'https://example.org/resource';
  if (/ref$/.test(field)) return world.refs.users?.[0] ?? 'x';
  if (/tags$/.test(field)) return (world.refs.tags ?? []).slice(0, 2);
  if (/^(is_|public|private|required|multiselect|admin|superadmin|manager|manage_users|show_)/.test(field)) return 'true';
  return 'Prayer games for a wet Sunday';
}

/** Every field the route is known to check, plausible, with one of them (or one more) hostile. */
function learnedFormArbitrary(world: FuzzWorld, fields: readonly string[], text: fc.Arbitrary<string>): fc.Arbitrary<FuzzBody> {
  return fc
    .record({ hostile: fc.constantFrom(...fields), value: jsonValueArbitrary(text), asForm: fc.boolean() })
    .map(({ hostile, value, asForm }): FuzzBody => {
      const form = Object.fromEntries(fields.map((field) => [field, field === hostile ? value : plausibleValue(world, field)]));
      if (!asForm) return { kind: 'json', value: form };
      return { kind: 'form', fields: Object.entries(form).map(([key, entry]) => [key, typeof entry === 'string' ? entry : (JSON.stringify(entry) ?? '')]) };
    });
}

/** The field names a zod body schema declares (through preprocess and pipes, unions and intersections). */
export function declaredFields(schema: unknown, depth = 0): string[] {
  if (!(schema instanceof z.ZodType) || depth > 6) return [];
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  const inner = [def.in, def.out, def.innerType, def.schema, def.left, def.right, ...((def.options as unknown[]) ?? [])];
  return [...new Set(inner.flatMap((part) => declaredFields(part, depth + 1)))];
}

function bodyArbitrary(world: FuzzWorld, route: RouteEntry, text: fc.Arbitrary<string>): fc.Arbitrary<FuzzBody> {
  const learned = knownFields(world, route);
  const fieldName = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FIELD_NAMES, ...learned) }, { weight: 1, arbitrary: text });
  const fields = fc.array(fc.tuple(fieldName, text), { maxLength: 5 });
  return fc.oneof(
    { weight: learned.length ? 12 : 0, arbitrary: learned.length ? learnedFormArbitrary(world, learned, text) : fc.constant<FuzzBody>({ kind: 'none' }) },
    { weight: 2, arbitrary: fc.constant<FuzzBody>({ kind: 'none' }) },
    {
      weight: 10,
      arbitrary: fc.dictionary(fieldName, jsonValueArbitrary(text), { minKeys: 1, maxKeys: 3 }).map((value): FuzzBody => ({ kind: 'json', value })),
    },
    { weight: 1, arbitrary: jsonValueArbitrary(text).map((value): FuzzBody => ({ kind: 'json', value })) },
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_BODIES).map((raw): FuzzBody => ({ kind: 'raw', ...raw })) },
    { weight: 2, arbitrary: fields.map((pairs): FuzzBody => ({ kind: 'form', fields: pairs })) },
    {
      weight: 2,
      arbitrary: fc
        .record({
          fields,
          file: fc.option(
            fc.record({
              field: fc.constantFrom('file', 'files', 'files[]', 'image', 'images', 'upload'),
              name: fc.oneof(fc.constantFrom('a.pdf', 'photo.jpg', '../../x.png', 'a\u0000.txt', '', 'ü.docx', 'x'.repeat(300)), text),
              type: fc.constantFrom('application/pdf', 'image/png', 'image/jpeg', 'text/plain', 'application/octet-stream', ''),
              bytes: fc.constantFrom('%PDF-1.4\n%%EOF', '\u0089PNG\r\n\u001a\n', 'hello', ''),
            }),
            { nil: null },
          ),
          breakBoundary: fc.boolean(),
        })
        .map((multipart): FuzzBody => ({ kind: 'multipart', ...multipart, breakBoundary: multipart.breakBoundary && multipart.fields.length > 1 })),
    },
  );
}

/** A request to one route as one role. */
/**
 * A request to one route as one role: two in five are well formed but for one hostile value (a capable role, a valid
 * CSRF token, the route's own refs, the fields its body declares or answered errors for), so they reach the handler's
 * writes; the rest are hostile in every part.
 */
export function caseArbitrary(world: FuzzWorld): fc.Arbitrary<FuzzCase> {
  const text = textArbitrary(world);
  // Writes are where a refusal must change nothing, and where most handlers are: they get two thirds of the cases.
  const reads = world.routes.filter((route) => route.method === 'GET' || route.method === 'HEAD');
  const writes = world.routes.filter((route) => !reads.includes(route));
  const anyRoute = fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...reads) }, { weight: 2, arbitrary: fc.constantFrom(...writes) });
  return fc.oneof(
    { weight: 3, arbitrary: anyRoute.chain((route) => hostileCase(world, route, text)) },
    { weight: 2, arbitrary: anyRoute.chain((route) => wellFormedCase(world, route, text)) },
  );
}

const isRead = (route: RouteEntry) => route.method === 'GET' || route.method === 'HEAD';

function hostileCase(world: FuzzWorld, route: RouteEntry, text: fc.Arbitrary<string>): fc.Arbitrary<FuzzCase> {
  return fc.record({
    role: fc.constantFrom(...ROLES),
    route: fc.constant(route),
    params: fc.tuple(...parameterNames(route.url).map(() => paramArbitrary(world, route, text))),
    query: fc.array(
      fc.tuple(
        fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FIELD_NAMES) }, { weight: 1, arbitrary: text }),
        fc.oneof({ weight: 9, arbitrary: text }, { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_URL_TEXT).map((raw): Encoded => ({ raw })) }),
      ),
      { maxLength: 4 },
    ),
    body: isRead(route) ? fc.constant<FuzzBody>({ kind: 'none' }) : bodyArbitrary(world, route, text),
    inertia: fc.constantFrom('none', 'none', 'current', 'current', 'current', 'current', 'current', 'current', 'current', 'stale'),
    partial: fc.option(fc.record({ component: fc.oneof(fc.constantFrom('items/Show', 'items/Index', 'collections/Show'), text), data: text }), {
      freq: 5,
      nil: null,
    }),
    errorBag: fc.option(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'createCollection', 'x'.repeat(500)), text), { freq: 8, nil: null }),
    acceptJson: fc.boolean(),
    csrf: fc.constantFrom('valid', 'valid', 'valid', 'valid', 'valid', 'valid', 'valid', 'valid', 'missing', 'wrong'),
    referer: fc.option(fc.constantFrom('http://localhost/i/x', 'http://evil.example/', 'not a url', 'http://localhost/%ZZ'), { freq: 4, nil: null }),
  });
}

function wellFormedCase(world: FuzzWorld, route: RouteEntry, text: fc.Arbitrary<string>): fc.Arbitrary<FuzzCase> {
  const table = tableForRoute(route.url);
  const own = table ? (world.refs[table] ?? []) : [];
  const fields = knownFields(world, route);
  const param = own.length ? fc.constantFrom(...own) : paramArbitrary(world, route, text);
  const body: fc.Arbitrary<FuzzBody> = isRead(route)
    ? fc.constant({ kind: 'none' })
    : fields.length
      ? learnedFormArbitrary(world, fields, text)
      : fc
          .dictionary(fc.constantFrom(...FIELD_NAMES), jsonValueArbitrary(text), { minKeys: 1, maxKeys: 1 })
          .map((value): FuzzBody => ({ kind: 'json', value }));
  return fc.record({
    role: fc.constantFrom<Role>('superadmin', 'superadmin', 'admin', 'staff', 'member'),
    route: fc.constant(route),
    params: fc.tuple(...parameterNames(route.url).map(() => param)),
    query: isRead(route) ? fc.array(fc.tuple(fc.constantFrom('page', 'search', 'q', 'tags', 'level'), text), { maxLength: 2 }) : fc.constant([]),
    body,
    inertia: fc.constant('current' as const),
    partial: fc.constant(null),
    errorBag: fc.constant(null),
    acceptJson: fc.constant(false),
    csrf: fc.constant('valid' as const),
    referer: fc.constant(null),
  });
}

/** The fields a route's body schema declares and the ones it answered errors for. */
function knownFields(world: FuzzWorld, route: RouteEntry): string[] {
  return [...new Set([...declaredFields(route.schema?.body), ...(world.fieldsByRoute.get(routeKey(route)) ?? [])])];
}

/** The text with lone surrogates replaced, as a browser encodes them (NUL and the rest stay, to be sent as they are). */
const wellFormed = (value: string) => value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

function encodeText(value: string): string {
  // encodeURIComponent refuses lone surrogates; a browser would send their replacement character's bytes.
  return encodeURIComponent(wellFormed(value));
}

function urlText(value: UrlValue): string {
  return typeof value === 'string' ? encodeText(value) : value.raw;
}

export function caseUrl(fuzzCase: FuzzCase): string {
  const params = [...fuzzCase.params];
  const path = fuzzCase.route.url
    .split('/')
    .map((segment) => (segment.startsWith(':') || segment === '*' ? urlText(params.shift() ?? '') : segment))
    .join('/');
  const query = fuzzCase.query.map(([key, value]) => `${encodeText(key)}=${urlText(value)}`).join('&');
  return query ? `${path}?${query}` : path;
}

function multipartBody(body: Extract<FuzzBody, { kind: 'multipart' }>): { contentType: string; payload: Buffer } {
  const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
  const parts = body.fields.map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"\r\n\r\n${wellFormed(value)}\r\n`,
  );
  if (body.file) {
    const { field, name, type, bytes } = body.file;
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${wellFormed(name.replace(/["\r\n]/g, '_'))}"\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n${bytes}\r\n`,
    );
  }
  const text = parts.join('') + (body.breakBoundary ? `--${boundary}` : `--${boundary}--\r\n`);
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.from(text, 'utf8') };
}

function bodyPayload(body: FuzzBody): { contentType?: string; payload?: string | Buffer } {
  switch (body.kind) {
    case 'none':
      return {};
    case 'json':
      return { contentType: 'application/json', payload: JSON.stringify(body.value) ?? 'null' };
    case 'raw':
      return { contentType: body.contentType || undefined, payload: body.text };
    case 'form':
      return { contentType: 'application/x-www-form-urlencoded', payload: body.fields.map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`).join('&') };
    case 'multipart':
      return multipartBody(body);
  }
}

/** Header values can only carry visible ASCII here (Node refuses the rest before the app sees it). */
const headerText = (value: string) => value.replace(/[^\x20-\x7e]/g, '?');

export interface RoleSession {
  cookie: string;
  xsrf: string;
}

/** The request as app.inject takes it. */
export function injectOptions(fuzzCase: FuzzCase, session: RoleSession, assetVersion: string): InjectOptions {
  const headers: Record<string, string> = { cookie: session.cookie };
  if (fuzzCase.inertia !== 'none') {
    headers['x-inertia'] = 'true';
    headers['x-inertia-version'] = fuzzCase.inertia === 'current' ? assetVersion : 'stale-version';
  }
  if (fuzzCase.partial) {
    headers['x-inertia-partial-component'] = headerText(fuzzCase.partial.component);
    headers['x-inertia-partial-data'] = headerText(fuzzCase.partial.data);
  }
  if (fuzzCase.errorBag !== null) headers['x-inertia-error-bag'] = headerText(fuzzCase.errorBag);
  if (fuzzCase.acceptJson) headers.accept = 'application/json';
  if (fuzzCase.csrf === 'valid') headers['x-xsrf-token'] = session.xsrf;
  if (fuzzCase.csrf === 'wrong') headers['x-xsrf-token'] = 'not-a-token';
  if (fuzzCase.referer) headers.referer = fuzzCase.referer;
  const { contentType, payload } = bodyPayload(fuzzCase.body);
  if (contentType) headers['content-type'] = contentType;
  return { method: fuzzCase.route.method as InjectOptions['method'], url: caseUrl(fuzzCase), headers, payload };
}

/** A short description of a case for a failure message (long values cut). */
export function describeCase(fuzzCase: FuzzCase): string {
  const cut = (value: unknown) => {
    const text = JSON.stringify(value) ?? String(value);
    return text.length > 160 ? `${text.slice(0, 160)}…(${text.length})` : text;
  };
  return `${fuzzCase.role} ${fuzzCase.route.method} ${cut(caseUrl(fuzzCase))} body=${cut(fuzzCase.body)} inertia=${fuzzCase.inertia} csrf=${fuzzCase.csrf}${fuzzCase.errorBag !== null ? ` bag=${cut(fuzzCase.errorBag)}` : ''}${fuzzCase.partial ? ` partial=${cut(fuzzCase.partial)}` : ''}`;
}
