import type { MailMessage } from '../mailer';
import { link, paragraph, renderMail, type MailBlock } from './layout';

/** One followed thing with what changed there. */
export interface DigestGroup {
  /** 'Tag “Games”', 'Search “easter”', 'Collection “Camp 2026”'. */
  heading: string;
  items: { title: string; url: string; isNew: boolean }[];
  /** Where the rest is, when there were more than the digest lists; else null. */
  moreUrl: string | null;
  unfollowLabel: string;
  unfollowUrl: string;
}

export interface DigestMailInput {
  to: string;
  name: string;
  appName: string;
  /** 'since Monday 16 November 2026'. */
  since: string;
  groups: DigestGroup[];
  settingsUrl: string;
}

/** The digest of what is new and updated in what a member follows. */
export function digestMail({ to, name, appName, since, groups, settingsUrl }: DigestMailInput): MailMessage {
  const count = new Set(groups.flatMap((group) => group.items.map((item) => item.url))).size;
  return renderMail({
    to,
    subject: `${appName} digest: ${count} new and updated ${count === 1 ? 'item' : 'items'}`,
    appName,
    blocks: [
      paragraph(`Hello ${name},`),
      paragraph(`What is new and updated ${since} in what you follow:`),
      ...groups.flatMap(groupBlocks),
      link('Change how often your digest comes, or stop digests', settingsUrl),
    ],
  });
}

function groupBlocks(group: DigestGroup): MailBlock[] {
  return [
    paragraph(`${group.heading}:`),
    ...group.items.map((item) => link(`${item.title} (${item.isNew ? 'new' : 'updated'})`, item.url)),
    ...(group.moreUrl ? [link('See all of them', group.moreUrl)] : []),
    link(group.unfollowLabel, group.unfollowUrl),
  ];
}
