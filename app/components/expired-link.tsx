import type { ReactNode } from "react";

/** What a single-use emailed link's page shows once the link has expired or been used; `children` says what to do. */
export function ExpiredLink({ what, children }: { what: string; children: ReactNode }) {
  return (
    <div className="page narrow">
      <h1>This link has expired</h1>
      <div className="error-summary" role="alert">
        <p>This {what} link has expired or has already been used.</p>
      </div>
      <p>{children}</p>
    </div>
  );
}
