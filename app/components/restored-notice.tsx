/**
 * On a page whose form was kept when the user's session timed out, after they logged in
 * again (ADR 35): what they had typed is back in the form, not yet saved.
 */
export function RestoredNotice({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <p className="notice" role="status">
      Welcome back. We have put back what you had typed on this page before you were signed out. Check it, then save it.
    </p>
  );
}
