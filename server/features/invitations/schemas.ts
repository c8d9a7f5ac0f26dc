import { z } from 'zod';
import { INVITATION_ADDRESSES_MAX, INVITATION_MESSAGES, INVITATION_NOTE_MAX } from '../../../shared/invitations';
import { formBody, INT4_MAX } from '../../lib/validation';
import { INVITATION_TOKEN_PATTERN } from './tokens';

/**
 * The token of /invite/{token}: one that could not have been made here reads as null, which the route answers as an
 * unknown invitation (410), as it does a well-formed token that matches none.
 */
export const invitationToken = z.string().regex(INVITATION_TOKEN_PATTERN).nullable().catch(null);

const userTypeRequired = { error: INVITATION_MESSAGES.userTypeRequired };

/** POST /user_invitation: user_type_id, note_to_self. */
export const createInvitationBody = formBody({
  user_type_id: z.coerce.number(userTypeRequired).int(userTypeRequired).min(1, userTypeRequired).max(INT4_MAX, userTypeRequired),
  note_to_self: z.string().trim().max(INVITATION_NOTE_MAX, { error: INVITATION_MESSAGES.noteTooLong }).optional().default(''),
});

/** POST /user_invitation/{ref}: addresses, one per line. */
const tooManyAddresses = { error: INVITATION_MESSAGES.tooManyAddresses };
export const addressesBody = formBody({
  addresses: z
    .string(tooManyAddresses)
    .max(INVITATION_ADDRESSES_MAX * 400, tooManyAddresses)
    .optional()
    .default(''),
});

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
