import { AFFIRMATION_TEXTS } from '../../shared/admin';

/** The 'Negative?' checkbox's helper text: 'Disapproval' when checked, 'Positive affirmation' when not. */
export default function NegativeHelp({ negative }: { negative: boolean }) {
  return <>{negative ? AFFIRMATION_TEXTS.negativeHelp : AFFIRMATION_TEXTS.positiveHelp}</>;
}
