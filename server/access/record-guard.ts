/**
 * A route's record, loaded and checked before the route's input (`preValidation: loads(…)`): the record the path's
 * ref names, 404 when there is none, 410 when it is gone for this viewer, 403 when the policy refuses (anonymous
 * visitors are told to sign in), and the record handed to the handler by `loaded(request, guard)`. The route table
 * names the record and its rules ("collection: mayOpenCollection + canEditCollection").
 */
import type { FastifyRequest } from 'fastify';
import { gone, notFound } from '../lib/http-errors';
import { REF_PATTERN } from '../lib/ref';
import { ACCESS_RULE, RECORD_PARAM } from '../lib/route-table';
import { refusalFor } from './guards';
import type { Viewer } from './policy';

/** What a record rule answers: true lets the request on, false refuses it (403), 'gone' answers 410. */
export type Verdict = boolean | 'gone';

/** A rule about the record: a policy predicate, or an async one that reads more (shares, grants) through the request. */
export type RecordRule<R> = (viewer: Viewer, record: R, request: FastifyRequest) => Verdict | Promise<Verdict>;

type Database = FastifyRequest['server']['db'];

export interface RecordGuardOptions<R> {
  /** The path parameter that names the record: `ref` unless said. */
  param?: string;
  /** What a value of that parameter looks like (an opaque ref unless said); anything else is left to the params schema. */
  pattern?: RegExp;
  /** Whether the viewer may open the record at all: checked first; its refusal names the item for Ask for access. */
  opens?: RecordRule<R>;
  /** What the route does with the record: each rule must hold as well, checked in order. */
  may?: RecordRule<R> | readonly RecordRule<R>[];
  /** The route table's words for the rules, when their names would not say it. */
  rule?: string;
  /**
   * The 403 of a signed-in viewer: what they can do about it (anonymous visitors are told to sign in); or the whole
   * refusal, for an area that words it for each viewer itself.
   */
  refusal?: string | null | ((request: FastifyRequest, record: R) => Error);
  /** The item an `opens` refusal concerns, for the 403 page's Ask for access. */
  askForAccessTo?: (record: R) => number;
  /** What a 410 says. */
  goneDetail?: (record: R) => string | null;
}

/** The guard `loads` makes: a route's `preValidation`, and the key `loaded` reads the record by. */
export interface RecordGuard<R> {
  (request: FastifyRequest): Promise<void>;
  readonly [ACCESS_RULE]: string;
  /** The path parameter the record is loaded by. */
  readonly [RECORD_PARAM]: string;
  /** Only for the type of the record. */
  readonly record?: R;
}

const records = new WeakMap<FastifyRequest, Map<RecordGuard<unknown>, unknown>>();
/** What a guard keeps for a value that is no ref at all: the params schema answers 404 first, or `loaded` does. */
const NAMES_NOTHING = Symbol('names nothing');

/**
 * Route option: the record `find` returns for the path's ref, checked by the policy's rules. A ref that is not a ref
 * at all is left to the route's params schema, which answers 404 as it does for every route.
 */
export function loads<R>(
  recordName: string,
  find: (db: Database, ref: string, request: FastifyRequest) => Promise<R | null>,
  options: RecordGuardOptions<R> = {},
): RecordGuard<R> {
  const { param = 'ref', pattern = REF_PATTERN, opens, refusal = null, askForAccessTo, goneDetail } = options;
  const rules = [options.may ?? []].flat() as RecordRule<R>[];
  const names = options.rule ?? [opens, ...rules].flatMap((rule) => (rule ? [rule.name] : [])).join(' + ');
  const guard = async (request: FastifyRequest): Promise<void> => {
    const ref = (request.params as Record<string, unknown> | undefined)?.[param];
    if (typeof ref !== 'string' || !pattern.test(ref)) return keep(request, NAMES_NOTHING);
    const record = await find(request.server.db, ref, request);
    if (record === null) throw notFound();
    const viewer = request.viewer;
    const refused = (itemId: number | null) => (typeof refusal === 'function' ? refusal(request, record) : refusalFor(viewer, refusal, itemId));
    if (opens) answer(await opens(viewer, record, request), record, () => refused(askForAccessTo?.(record) ?? null));
    for (const rule of rules) answer(await rule(viewer, record, request), record, () => refused(null));
    keep(request, record);
  };
  function keep(request: FastifyRequest, record: unknown): void {
    let loadedHere = records.get(request);
    if (!loadedHere) records.set(request, (loadedHere = new Map()));
    loadedHere.set(guard as RecordGuard<unknown>, record);
  }
  function answer(verdict: Verdict, record: R, refusedError: () => Error): void {
    if (verdict === 'gone') throw gone(goneDetail?.(record) ?? null);
    if (!verdict) throw refusedError();
  }
  return Object.assign(guard, { [ACCESS_RULE]: names ? `${recordName}: ${names}` : recordName, [RECORD_PARAM]: param });
}

/** The record `guard` loaded for this request (the guard must be among the route's `preValidation`). */
export function loaded<R>(request: FastifyRequest, guard: RecordGuard<R>): R {
  const loadedHere = records.get(request);
  if (!loadedHere?.has(guard as RecordGuard<unknown>)) throw new Error(`${guard[ACCESS_RULE]} is not among this route's guards`);
  const record = loadedHere.get(guard as RecordGuard<unknown>);
  if (record === NAMES_NOTHING) throw notFound();
  return record as R;
}
