import { describe, expect, it } from 'vitest';
import { client, createValidator, toSimpleValidationErrors } from '../../components/app/precognition-stand-in';

describe('the laravel-precognition stand-in', () => {
  it('gives the first message of each field, as Inertia expects of a 422 answer', () => {
    expect(toSimpleValidationErrors({ title: ['Too long.', 'Not unique.'], blurb: 'Required.', empty: [] })).toEqual({
      title: 'Too long.',
      blurb: 'Required.',
      empty: '',
    });
  });

  it('takes the XSRF names Inertia passes, and refuses live validation', () => {
    expect(client.withXsrfCookieName().withXsrfHeaderName()).toBe(client);
    expect(() => createValidator()).toThrow(/not part of Equip/);
  });
});
