import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** docs/requirements.md §5.3: once shown, a pending state stays at least this long (no flicker). */
export const MIN_PENDING_MS = 200;

/**
 * `busy`, held: true at once when `busy` turns true, and then until both `busy` is false
 * and `minMs` have passed since it turned true. So a fast answer shows its pending state
 * (a "Saving…" label, a disabled button) for `minMs`, not for a flash, and a slow one
 * for as long as it takes, not `minMs` more. No delay before showing: the pending state
 * is also what disables a submit button against a second click
 * (docs/decisions/0033-pending-states-status-messages-help-and-state-areas.md).
 */
export function useMinimumPending(busy: boolean, minMs: number = MIN_PENDING_MS): boolean {
  const [wasBusy, setWasBusy] = useState(busy);
  const [held, setHeld] = useState(busy);
  // Adjusting state to a changed input during render (React's documented pattern): the
  // render that first sees `busy` is already held, with no render in between without it.
  if (busy !== wasBusy) {
    setWasBusy(busy);
    if (busy) setHeld(true);
  }
  useEffect(() => {
    if (!held) return;
    const release = setTimeout(() => setHeld(false), minMs);
    return () => clearTimeout(release);
  }, [held, minMs]);
  return busy || held;
}

/**
 * A form post of this page in flight, from the post until the page it leads to has its
 * data (React Router's `submitting`, then `loading` with the form's data), held for
 * MIN_PENDING_MS at least. `which` narrows it to some posts (by their intent, say). A GET
 * form (a calendar month, a venue) is a page change, not a submission.
 */
export function useSubmitting(which?: (formData: FormData) => boolean): boolean {
  const navigation = useNavigation();
  const { formData, formMethod } = navigation;
  const posting = navigation.state !== "idle" && formData !== undefined && formMethod !== undefined && formMethod.toUpperCase() !== "GET";
  return useMinimumPending(posting && (which?.(formData) ?? true));
}

/** A fetcher's post or load in flight (e.g. the newsletter signup's), held for MIN_PENDING_MS at least. */
export function useFetcherPending(fetcher: { state: "idle" | "loading" | "submitting" }): boolean {
  return useMinimumPending(fetcher.state !== "idle");
}
