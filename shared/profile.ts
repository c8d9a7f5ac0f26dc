/** The profile page (/profile), its e-mail form and its calls. */

export const PROFILE_URL = '/profile';
export const PROFILE_EMAIL_URL = '/profile/email';
export const CREATE_OWN_PERSON_PAGE_URL = '/profile/create_own_person_page';

/** The Type taxonomy and its tag that marks an item as a Person page (the seed's catalogue uses the same labels). */
export const TYPE_TAXONOMY_TITLE = 'Type';
export const PERSON_TAG_LABEL = 'Person';

/** A user as the profile page shows them. */
export interface ProfileUser {
  ref: string;
  name: string;
  email: string | null;
  email_verified: boolean;
  phone: string | null;
  user_type: { id: number; level: number; title: string; description: string };
  /** The sign-in provider last used ('google', 'microsoft', 'facebook'), or null (demo sign-in, never signed in). */
  login_using: string | null;
}

export const PROFILE_TEXT = {
  title: 'Profile',
  name: 'Name',
  email: 'Email',
  loginProvider: 'Login provider',
  noLoginProvider: 'None yet',
  userType: 'Access',
  verified: 'Verified',
  unverified: 'Not verified',
  noEmail: 'No email address yet',
  emailRequired: 'Your email address is required for notifications and sharing.',
  setEmail: 'Add email address',
  changeEmail: 'Change email address',
  emailLabel: 'Email address',
  saveEmail: 'Save and send verification email',
  cancel: 'Cancel',
  resend: 'Resend verification email',
  personPage: 'Person page',
  personPageNone: 'A Person page tells others in the library who you are and how you can help.',
  createPersonPage: 'Create my Person page',
  viewPersonPage: 'View my Person page',
} as const;

export const PROFILE_MESSAGES = {
  emailInvalid: 'Please enter a valid email address.',
  emailSaved: (email: string) => `Your email address is saved. We sent a verification email to ${email}.`,
  emailUnchanged: 'That is already your email address.',
  emailWhileImpersonating: 'While you act as someone else you cannot change their email address. Stop acting as them first.',
  personPageCreated: 'Your Person page was created as a draft.',
  personPageExists: 'You already have a Person page.',
  personTagMissing: "This library has no 'Person' type, so a Person page cannot be created.",
} as const;
