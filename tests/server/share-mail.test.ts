import { describe, expect, it } from 'vitest';
import { shareMail } from '../../server/mail/templates/share';

const base = {
  to: 'sam@example.org',
  fromName: 'Alex',
  appName: 'Equip',
  title: 'Term 1 <Plan>',
  link: 'https://equip.example/collection/abc?share=s1',
  levelName: 'Staff',
  expiresAt: null,
  timeZone: 'UTC',
};

describe('the share e-mail', () => {
  it('names the level an item is shared at, and its end', () => {
    const mail = shareMail({ ...base, sharedType: 'item', expiresAt: new Date('2027-01-31T00:00:00Z') });
    expect(mail.text).toContain('you can see it at the level “Staff” until 31 January 2027.');
    expect(mail.html).toContain('Term 1 &#60;Plan&#62;');
  });

  it('gives the end in the organisation’s time zone', () => {
    const endsAt = new Date('2027-01-31T23:30:00Z');
    expect(shareMail({ ...base, expiresAt: endsAt }).text).toContain('until 31 January 2027.');
    expect(shareMail({ ...base, expiresAt: endsAt, timeZone: 'Europe/Berlin' }).text).toContain('until 1 February 2027.');
  });

  it('says a shared collection opens, while each item in it keeps to the recipient’s own level', () => {
    const mail = shareMail({ ...base, sharedType: 'collection' });
    expect(mail.text).toContain('you can open the collection with no end date; each item in it opens at your own access level.');
    expect(mail.text).not.toContain('Staff');
  });
});
