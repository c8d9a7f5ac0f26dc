/**
 * The Share button's and dialog's words: apart from the rest of sharing.ts, which
 * only the dialog and the share pages need, since every item page and collection shows the button.
 */
export const SHARE_TEXTS = {
  dialogTitle: 'How would you like to share?',
  shareButton: 'Share',
  grantAccess: 'Grant Access',
  nativeShare: 'Share',
  copyLink: 'Copy Link',
  linkCopied: 'Link Copied',
  emailLink: 'Email Link',
  smsLink: 'SMS Link',
  facebook: 'Share on Facebook',
  explain: 'Please Explain...',
  elevateUsers: 'Elevate user(s)',
  checkAccess: 'Check access',
  checkAccessLabel: 'What can this person see?',
  forever: 'Forever',
  granted: 'Access granted.',
  sharedWithMe: 'Shared With Me',
  sharedByMe: 'Shared By Me',
} as const;
