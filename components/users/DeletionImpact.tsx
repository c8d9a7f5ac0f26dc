import { deletionImpactLines, type AccountDeletionImpact } from '../../shared/account-deletion';

/** What deleting a person changes, one line a kind of thing: the profile's Delete my account and a user's Delete say it alike. */
export default function DeletionImpact({ impact, label }: { impact: AccountDeletionImpact; label: string }) {
  return (
    <ul aria-label={label}>
      {deletionImpactLines(impact).map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
