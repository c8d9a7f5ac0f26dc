/**
 * Seeded user types and the demo accounts. The demo sign-in page imports DEMO_ACCOUNTS,
 * so this module stays plain data with no database imports.
 */
export interface SeedUserType {
  title: string;
  level: number;
  description: string;
}

export const USER_TYPES: readonly SeedUserType[] = [
  { title: 'Member', level: 1, description: 'Anyone who has signed up: sees everything available to logged-in users.' },
  { title: 'Affiliate', level: 2, description: 'Volunteers, partner churches and international partners.' },
  { title: 'Leader', level: 3, description: 'Chaplains, team leaders and experienced volunteers who lead others.' },
  { title: 'Staff', level: 4, description: 'Employed staff of the movement, including regional staff.' },
  { title: 'Equip Team', level: 5, description: 'The Equip team who curate and maintain the library.' },
  { title: 'Admin', level: 6, description: 'Administrators of the whole library and its users.' },
];

export interface DemoAccount {
  email: string;
  name: string;
  userTypeTitle: string;
  level: number;
  admin: boolean;
  superadmin: boolean;
  manager: boolean;
  manageUsers: boolean;
  emailVerified: boolean;
}

const ordinary = { admin: false, superadmin: false, manager: false, manageUsers: false, emailVerified: true } as const;

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { ...ordinary, email: 'member@example.org', name: 'Maya Thompson', userTypeTitle: 'Member', level: 1 },
  { ...ordinary, email: 'affiliate@example.org', name: 'Daniel Mensah', userTypeTitle: 'Affiliate', level: 2 },
  { ...ordinary, email: 'leader@example.org', name: 'Sarah Okafor', userTypeTitle: 'Leader', level: 3 },
  { ...ordinary, email: 'staff@example.org', name: 'James Whitfield', userTypeTitle: 'Staff', level: 4 },
  { ...ordinary, email: 'team@example.org', name: 'Priya Patel', userTypeTitle: 'Equip Team', level: 5 },
  { ...ordinary, email: 'admin@example.org', name: 'Grace Adeyemi', userTypeTitle: 'Admin', level: 6, admin: true },
  { ...ordinary, email: 'superadmin@example.org', name: 'Tom Fraser', userTypeTitle: 'Admin', level: 6, admin: true, superadmin: true },
  { ...ordinary, email: 'manager@example.org', name: 'Rachel Hughes', userTypeTitle: 'Staff', level: 4, manager: true },
  { ...ordinary, email: 'usermanager@example.org', name: 'Kwame Boateng', userTypeTitle: 'Leader', level: 3, manageUsers: true },
  { ...ordinary, email: 'unverified@example.org', name: 'Olivia Grant', userTypeTitle: 'Member', level: 1, emailVerified: false },
];

export interface DemoInvitation {
  /** The secret of the accept link; only its SHA-256 is stored. Demo data, so it is public. */
  token: string;
  state: 'active' | 'expired' | 'accepted';
  userTypeTitle: string;
  createdBy: string;
  sentTo: string[];
  noteToSelf: string;
  acceptedBy?: string;
}

export const DEMO_INVITATIONS: readonly DemoInvitation[] = [
  {
    token: 'demo-invitation-active-leader',
    state: 'active',
    userTypeTitle: 'Leader',
    createdBy: 'admin@example.org',
    sentTo: ['new.chaplain@example.com'],
    noteToSelf: 'New chaplain for the Leeds schools team',
  },
  {
    token: 'demo-invitation-active-affiliate',
    state: 'active',
    userTypeTitle: 'Affiliate',
    createdBy: 'usermanager@example.org',
    sentTo: ['member@example.org', 'holiday.helper@example.com'],
    noteToSelf: "Holiday club helpers from St Mark's",
  },
  {
    token: 'demo-invitation-active-member',
    state: 'active',
    userTypeTitle: 'Member',
    createdBy: 'usermanager@example.org',
    sentTo: ['affiliate@example.org'],
    noteToSelf: 'Grants nothing new to an affiliate',
  },
  {
    token: 'demo-invitation-expired-staff',
    state: 'expired',
    userTypeTitle: 'Staff',
    createdBy: 'admin@example.org',
    sentTo: ['new.staff@example.com'],
    noteToSelf: 'Regional coordinator, started in the spring',
  },
  {
    token: 'demo-invitation-expired-affiliate',
    state: 'expired',
    userTypeTitle: 'Affiliate',
    createdBy: 'usermanager@example.org',
    sentTo: ['camp.volunteer@example.com'],
    noteToSelf: 'Summer camp volunteers',
  },
  {
    token: 'demo-invitation-accepted-affiliate',
    state: 'accepted',
    userTypeTitle: 'Affiliate',
    createdBy: 'admin@example.org',
    sentTo: ['affiliate@example.org'],
    noteToSelf: 'Partner church youth leader',
    acceptedBy: 'affiliate@example.org',
  },
  {
    token: 'demo-invitation-accepted-leader',
    state: 'accepted',
    userTypeTitle: 'Leader',
    createdBy: 'usermanager@example.org',
    sentTo: ['leader@example.org'],
    noteToSelf: 'Chaplaincy team leader',
    acceptedBy: 'leader@example.org',
  },
];
