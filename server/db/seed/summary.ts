/** How many rows the seed wrote, per table. */
export interface SeedSummary {
  userTypes: number;
  users: number;
  taxonomies: number;
  tags: number;
  characteristics: number;
  affirmationOptions: number;
  items: number;
  itemTags: number;
  itemCharacteristics: number;
  itemImages: number;
  contents: number;
  relations: number;
  comments: number;
  tasks: number;
  itemAffirmations: number;
  collections: number;
  collectionItems: number;
  shares: number;
  invitations: number;
  itemViews: number;
  brokenExternalLinkAlerts: number;
  deploymentTasks: number;
  httpRequests: number;
}

export function emptySummary(): SeedSummary {
  return {
    userTypes: 0,
    users: 0,
    taxonomies: 0,
    tags: 0,
    characteristics: 0,
    affirmationOptions: 0,
    items: 0,
    itemTags: 0,
    itemCharacteristics: 0,
    itemImages: 0,
    contents: 0,
    relations: 0,
    comments: 0,
    tasks: 0,
    itemAffirmations: 0,
    collections: 0,
    collectionItems: 0,
    shares: 0,
    invitations: 0,
    itemViews: 0,
    brokenExternalLinkAlerts: 0,
    deploymentTasks: 0,
    httpRequests: 0,
  };
}

export function addCounts(summary: SeedSummary, counts: Partial<SeedSummary>): void {
  for (const [key, value] of Object.entries(counts) as [keyof SeedSummary, number][]) summary[key] += value;
}

export function formatSummary(summary: SeedSummary): string {
  return Object.entries(summary)
    .map(([table, count]) => `  ${table.padEnd(26)} ${count.toLocaleString('en-GB').padStart(10)}`)
    .join('\n');
}
