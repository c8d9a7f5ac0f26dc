/**
 * What every reader of an item's comments sees: apart from
 * comments.ts, whose limits, routes and moderation texts are the server's and the moderators', since every item page
 * shows its comments (docs/decisions/front-end.md "What a first page downloads").
 */
export const COMMENT_LIST_TEXTS = {
  verifyEmail: 'Please verify your email address before commenting.',
  loginPrompt: 'Log in to join the conversation.',
  formerMember: 'Former member',
  edited: '(edited)',
  flaggedIcon: 'Flagged for admin moderation',
} as const;
