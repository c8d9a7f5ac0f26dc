/** Flash notices and field errors of the sign-in and verification routes. */
export const AUTH_NOTICES = {
  signedOut: 'You have been logged out.',
  signedInAs: (name: string) => `Welcome, ${name}.`,
  providerNotConfigured: (label: string) => `Sign-in with ${label} is not configured on this server.`,
  verificationSent: 'Verification email sent',
  verificationRecentlySent: 'A verification email was sent a moment ago. Please check your inbox, or try again in a minute.',
  alreadyVerified: 'Your email address is already verified.',
  emailMissing: 'Please add your email address to your profile first.',
  emailVerified: 'Thank you: your email address is verified.',
} as const;

export const PROVIDER_NOT_CONFIGURED_REASON = 'Not configured on this server';
export const UNKNOWN_DEMO_ACCOUNT = 'Choose one of the demo accounts.';
