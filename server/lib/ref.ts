import { customAlphabet } from 'nanoid';

/** Opaque URL identifiers: 12 characters of a lowercase alphabet, ~62 bits, never sequential. */
const alphabet = '0123456789abcdefghijkmnopqrstuvwxyz';
export const newRef = customAlphabet(alphabet, 12);

export const REF_PATTERN = /^[0-9a-z]{6,24}$/;
