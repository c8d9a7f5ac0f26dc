/**
 * What every reader of an item's comments sees (admin-curation §2 "Comments block on item pages"): apart from
 * comments.ts, whose limits, routes and moderation texts are the server's and the moderators', since every item page
 * shows its comments (issue 20 §2).
 */
export const COMMENT_LIST_TEXTS = {
  verifyEmail: 'Please verify your email address before commenting.',
  loginPrompt: 'Log in to join the conversation.',
  formerMember: 'Former member',
  edited: '(edited)',
  flaggedIcon: 'Flagged for admin moderation',
} as const;
