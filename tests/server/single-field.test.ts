/** Inline edits' one field (server/lib/single-field.ts): which body names one field, and what its rule answers. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../../server/lib/http-errors';
import { fieldRules, singleField } from '../../server/lib/single-field';

const BAD = 'Send exactly one of title, public.';
const RULES = fieldRules(
  {
    title: z.string({ error: 'Enter text.' }).trim().min(1, { error: 'The title is required.' }),
    public: z.boolean({ error: 'Choose yes or no.' }),
  },
  BAD,
);

function refusal(run: () => unknown): HttpError {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('fieldRules', () => {
  it.each([
    ['no fields', {}],
    ['two fields', { title: 'A', public: true }],
    ['an unknown field', { code: 'EQ-1' }],
    ['an inherited name', { toString: 'x' }],
    ['no body', undefined],
    ['null', null],
    ['a list', [['title', 'A']]],
    ['text', 'title=A'],
  ])('answers 400 with its message for %s', (_case, body) => {
    for (const run of [() => RULES.parse(body), () => RULES.pick(body)]) {
      const error = refusal(run);
      expect(error.statusCode).toBe(400);
      expect(error.detail).toBe(BAD);
    }
  });

  it('gives the rule’s first message under the field for an invalid value', () => {
    expect(RULES.parse({ title: '   ' })).toEqual({ ok: false, name: 'title', errors: { title: 'The title is required.' } });
    expect(RULES.parse({ title: 42 })).toEqual({ ok: false, name: 'title', errors: { title: 'Enter text.' } });
    expect(RULES.parse({ public: 'maybe' })).toEqual({ ok: false, name: 'public', errors: { public: 'Choose yes or no.' } });
  });

  it('gives the valid value as its rule parsed it, typed by the field', () => {
    const field = RULES.parse({ title: '  Psalm 23 ' });
    expect(field).toEqual({ ok: true, name: 'title', value: 'Psalm 23' });
    if (field.ok && field.name === 'title') expectTypeOf(field.value).toEqualTypeOf<string>();
    if (field.ok && field.name === 'public') expectTypeOf(field.value).toEqualTypeOf<boolean>();
    expect(RULES.parse({ public: false })).toEqual({ ok: true, name: 'public', value: false });
  });

  it('picks the field without checking it, and checks a picked field later', () => {
    const [name, value] = RULES.pick({ title: '   ' });
    expect([name, value]).toEqual(['title', '   ']);
    expectTypeOf(name).toEqualTypeOf<'title' | 'public'>();
    expect(RULES.check(name, value)).toEqual({ ok: false, name: 'title', errors: { title: 'The title is required.' } });
    expect(RULES.check('public', true)).toEqual({ ok: true, name: 'public', value: true });
  });

  it('knows its fields', () => {
    expect(RULES.has('title')).toBe(true);
    expect(RULES.has('code')).toBe(false);
    expect(RULES.has('constructor')).toBe(false);
  });

  it('gives a route schema in which each field is optional and checked by its rule', () => {
    expect(RULES.body.safeParse(undefined)).toEqual({ success: true, data: {} });
    expect(RULES.body.safeParse({ title: ' A ' })).toEqual({ success: true, data: { title: 'A' } });
    const refused = RULES.body.safeParse({ public: 'maybe' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([[['public'], 'Choose yes or no.']]);
  });
});

describe('singleField', () => {
  const isField = (name: string): name is `characteristic-${string}` => name.startsWith('characteristic-');

  it('picks the one field a guard accepts', () => {
    expect(singleField({ 'characteristic-abc': '3' }, isField, BAD)).toEqual(['characteristic-abc', '3']);
  });

  it('answers 400 for none, several or one the guard refuses', () => {
    for (const body of [{}, { 'characteristic-a': 1, 'characteristic-b': 2 }, { title: 'A' }])
      expect(refusal(() => singleField(body, isField, BAD)).statusCode).toBe(400);
  });
});
