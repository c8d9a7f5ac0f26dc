/** The users feature: for the profile, its Delete my account section. */
export { accountDeletionSection } from './own-account';
