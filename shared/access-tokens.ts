/**
 * Personal access tokens (docs/decisions/access.md "Personal access tokens"): what the read-only API takes in place of
 * a session, created and revoked on the profile; the texts of its Access tokens section, and what the API answers a
 * token it refuses.
 */

/** Every token's secret begins with this, so a leaked one is recognised (and redacted from logs) by its look. */
export const ACCESS_TOKEN_PREFIX = 'equip_pat_';
/** A token's name, as the person gave it: at most this many characters. */
export const ACCESS_TOKEN_NAME_MAX = 100;

export type AccessTokenState = 'active' | 'expired' | 'revoked';

/** One of the person's tokens, as the profile lists it: never its secret. */
export interface AccessTokenSummary {
  ref: string;
  name: string;
  /** The secret's first characters, to tell tokens apart ('equip_pat_AbC123'). */
  prefix: string;
  createdAt: string;
  /** When it stops working; null: never. */
  expiresAt: string | null;
  /** To the minute at best: a token's use is written at most once a minute. */
  lastUsedAt: string | null;
  revokedAt: string | null;
  state: AccessTokenState;
}

/** A token just created: its secret, shown this once. */
export interface CreatedAccessToken {
  ref: string;
  name: string;
  token: string;
}

/** The profile's Access tokens section. */
export interface AccessTokensSection {
  /** Newest first, revoked and expired ones included. */
  tokens: AccessTokenSummary[];
  canCreate: boolean;
  /** Why the viewer may not create a token, when they may not. */
  cannotCreateBecause: string | null;
  /** The token created by the visit that led here; null on every other visit. */
  created: CreatedAccessToken | null;
}

export const ACCESS_TOKEN_TEXT = {
  title: 'Access tokens',
  intro:
    'A personal access token lets a program or script read the library through the API as you, seeing what you may see. It cannot change anything. Revoke a token you no longer use.',
  create: 'New access token',
  nameLabel: 'Name',
  nameHelp: 'What it is for, such as the program that will use it.',
  expiresLabel: 'Expires on (optional)',
  expiresHelp: 'The token stops working at the start of this day. Leave it empty for a token that does not expire.',
  submit: 'Create token',
  createdTitle: (name: string) => `Your new access token “${name}”`,
  createdWarning: 'Copy it now and keep it somewhere safe: it will not be shown again.',
  tokenLabel: 'Token',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Select the token and copy it yourself.',
  none: 'You have no access tokens.',
  listLabel: 'Your access tokens',
  created: 'Created',
  expires: 'Expires',
  lastUsed: 'Last used',
  neverUsed: 'Never',
  noExpiry: 'Never',
  states: { active: 'Active', expired: 'Expired', revoked: 'Revoked' } satisfies Record<AccessTokenState, string>,
  revoke: 'Revoke',
  revokeLabel: (name: string) => `Revoke the access token “${name}”`,
  revokeConfirm: (name: string) => `Revoke the access token “${name}”? Programs using it will no longer be able to read the library.`,
} as const;

export const ACCESS_TOKEN_MESSAGES = {
  nameRequired: 'Please give the token a name.',
  nameTooLong: `The name can be at most ${ACCESS_TOKEN_NAME_MAX} characters.`,
  expiryInvalid: 'Please enter a date, such as 2030-01-31.',
  expiryNotFuture: 'The expiry date must be in the future.',
  revoked: (name: string) => `The access token “${name}” is revoked.`,
  alreadyRevoked: (name: string) => `The access token “${name}” was already revoked.`,
  needsVerifiedEmail: 'Verify your email address to create access tokens.',
  whileImpersonating: 'While you act as someone else you cannot create access tokens for them.',
} as const;

/** The `detail` of the API's 401 and 405 to a request carrying a token. */
export const ACCESS_TOKEN_PROBLEMS = {
  refused: 'The access token is unknown, revoked or expired.',
  readOnly: 'A personal access token can only read: send GET or HEAD.',
} as const;
