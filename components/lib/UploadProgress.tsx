/** Bootstrap 5.3's progress markup, with the role on the outer element so it carries a name. */
export default function UploadProgress({ percentage }: { percentage: number }) {
  const rounded = Math.round(percentage);
  return (
    <div className="progress mb-3" role="progressbar" aria-label="Upload progress" aria-valuenow={rounded} aria-valuemin={0} aria-valuemax={100}>
      <div className="progress-bar" style={{ width: `${rounded}%` }}>
        {rounded}%
      </div>
    </div>
  );
}
