/**
 * Bootstrap 5.3's progress markup, with the role on the outer element so it carries a name: an upload's percentage,
 * or a batch's items done. The bar shows `text`, or the percentage.
 */
export default function ProgressMeter({ label, now, max = 100, text }: { label: string; now: number; max?: number; text?: string }) {
  const rounded = Math.round(now);
  const percentage = max > 0 ? Math.round((now / max) * 100) : 0;
  return (
    <div className="progress mb-3" role="progressbar" aria-label={label} aria-valuenow={rounded} aria-valuemin={0} aria-valuemax={max}>
      <div className="progress-bar" style={{ width: `${percentage}%` }}>
        {text ?? `${percentage}%`}
      </div>
    </div>
  );
}
