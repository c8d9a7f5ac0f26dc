import { z } from 'zod';
import { INVITATION_ADDRESSES_MAX, INVITATION_MESSAGES, INVITATION_NOTE_MAX } from '../../../shared/invitations';
import { REF_PATTERN } from '../../lib/ref';
import { INVITATION_TOKEN_PATTERN } from './tokens';

export const refParams = z.object({ ref: z.string().regex(REF_PATTERN) });
export const tokenParams = z.object({ token: z.string().regex(INVITATION_TOKEN_PATTERN) });

/** POST /user_invitation (member-library §7): user_type_id, note_to_self. */
export const createInvitationBody = z.object({
  user_type_id: z.coerce.number({ error: INVITATION_MESSAGES.userTypeRequired }).int().positive({ error: INVITATION_MESSAGES.userTypeRequired }),
  note_to_self: z.string().trim().max(INVITATION_NOTE_MAX, { error: INVITATION_MESSAGES.noteTooLong }).optional().default(''),
});

/** POST /user_invitation/{ref}: addresses, one per line. */
export const addressesBody = z.object({ addresses: z.string().max(INVITATION_ADDRESSES_MAX * 400).optional().default('') });

export { fieldErrors } from '../../lib/validation';

const emailAddress = z.email();

export interface ParsedAddresses {
  /** Lowercased and without repeats, in the order given. */
  valid: string[];
  /** The lines that are not e-mail addresses, as typed (trimmed). */
  invalid: string[];
}

/** One address per line; blank lines are ignored. */
export function parseAddresses(text: string): ParsedAddresses {
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.length > 320 || !emailAddress.safeParse(line).success) {
      invalid.push(line);
      continue;
    }
    const address = line.toLowerCase();
    if (!valid.includes(address)) valid.push(address);
  }
  return { valid, invalid };
}
