/** Shown on every page outside production, so nobody mistakes a test site for the real one. */
export function EnvironmentBanner({ label }: { label: string }) {
  return (
    <div className="environment-banner" role="note" aria-label="Environment">
      {label}
    </div>
  );
}
