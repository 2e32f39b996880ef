import { useCallback, useEffect, useRef, useState } from "react";
import { loginPath } from "../security/safe-redirect";
import {
  INTENT_FIELD, RETURN_FIELD, SESSION_PATH, spokenTimeLeft, timeLeftText, type SessionStatus,
} from "../session/timeout";
import "./modal.css";

// The session time-out warning (WCAG 2.2.1; the GOV.UK Design System's timeout warning
// pattern; ADR 35). Before the session ends the browser asks the server how long is left
// (a tab's own clock cannot know what other tabs did); if the end is near, a modal dialog
// takes focus and says when, in words, read out once a minute and then every 15 seconds,
// with "Stay signed in" (which extends the session on the server) and "Sign out". If
// nobody answers, the page's form goes to the server, which ends the session and keeps the
// form for after login. Tabs of the same browser tell each other what happened.

type Active = Extract<SessionStatus, { signedIn: true }>;
type Message = { type: "extended"; remainingMs: number } | { type: "signed-out" } | { type: "ended" };

const CHANNEL = "group-visits-session";
const EXTEND_FAILED = "We could not keep you signed in. Check your connection, then select “Stay signed in” again.";

const here = () => window.location.pathname + window.location.search;

async function ask(init?: RequestInit): Promise<SessionStatus | null> {
  try {
    const response = await fetch(SESSION_PATH, { credentials: "same-origin", cache: "no-store", ...init });
    return response.ok ? ((await response.json()) as SessionStatus) : null;
  } catch {
    return null;
  }
}

const post = (body: URLSearchParams) => ask({ method: "POST", body });

export function SessionTimeout({ status }: { status: Active }) {
  const [endsAt, setEndsAt] = useState(() => Date.now() + status.remainingMs);
  const [open, setOpen] = useState(false);
  const [extendable, setExtendable] = useState(status.extendable);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ending = useRef(false);
  /** The warning of an end that cannot be put off was seen: the next thing is the end itself. */
  const acknowledged = useRef(false);
  const lastForm = useRef<HTMLFormElement | null>(null);
  const channel = useRef<BroadcastChannel | null>(null);

  // A new answer from the server (after a form post, or a page's first load) starts over.
  useEffect(() => {
    acknowledged.current = false;
    setEndsAt(Date.now() + status.remainingMs);
    setExtendable(status.extendable);
  }, [status]);

  /** Nobody answered: the server ends the session and keeps the form the user last typed in. */
  const end = useCallback(async () => {
    if (ending.current) return;
    ending.current = true;
    const body = new URLSearchParams();
    const form = lastForm.current;
    if (form?.isConnected) for (const [name, value] of new FormData(form)) if (typeof value === "string") body.append(name, value);
    body.set(INTENT_FIELD, "end");
    body.set(RETURN_FIELD, here());
    const answer = await post(body);
    if (answer?.signedIn) {
      // Another tab (or a request this one did not see) kept the session going.
      ending.current = false;
      setEndsAt(Date.now() + answer.remainingMs);
      setOpen(false);
      return;
    }
    channel.current?.postMessage({ type: "ended" } satisfies Message);
    window.location.assign(answer?.loginUrl ?? loginPath(here(), "timeout"));
  }, []);

  const stay = useCallback(async () => {
    setBusy(true);
    setProblem(null);
    const body = new URLSearchParams({ [INTENT_FIELD]: "extend" });
    const answer = await post(body);
    setBusy(false);
    if (!answer) return setProblem(EXTEND_FAILED);
    if (!answer.signedIn) return void end();
    channel.current?.postMessage({ type: "extended", remainingMs: answer.remainingMs } satisfies Message);
    setEndsAt(Date.now() + answer.remainingMs);
    setOpen(false);
  }, [end]);

  // The form the user last typed in, to keep if the time runs out.
  useEffect(() => {
    const onInput = (event: Event) => {
      const form = event.target instanceof Element ? event.target.closest("main form") : null;
      if (form instanceof HTMLFormElement) lastForm.current = form;
    };
    document.addEventListener("input", onInput, true);
    document.addEventListener("change", onInput, true);
    return () => {
      document.removeEventListener("input", onInput, true);
      document.removeEventListener("change", onInput, true);
    };
  }, []);

  // What the other tabs did: stayed signed in, signed out, or ran out.
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const tabs = new BroadcastChannel(CHANNEL);
    channel.current = tabs;
    tabs.onmessage = (event: MessageEvent<Message>) => {
      if (event.data.type === "extended") {
        setEndsAt(Date.now() + event.data.remainingMs);
        setOpen(false);
      } else if (event.data.type === "signed-out") window.location.assign("/");
      else void end();
    };
    return () => tabs.close();
  }, [end]);

  // Until the warning is due; then the server says how long is really left.
  useEffect(() => {
    if (open) return;
    const due = acknowledged.current ? endsAt : endsAt - status.warningMs;
    const timer = setTimeout(async () => {
      // Asleep (a closed laptop) past the end: it is over, but the form can still be kept.
      if (Date.now() >= endsAt) return void end();
      const answer = await ask();
      if (!answer) return setOpen(true);
      if (!answer.signedIn) return window.location.assign(loginPath(here(), answer.timedOut ? "timeout" : undefined));
      setExtendable(answer.extendable);
      setEndsAt(Date.now() + answer.remainingMs);
      if (answer.remainingMs <= status.warningMs + 1000) setOpen(true);
    }, Math.max(0, due - Date.now()));
    return () => clearTimeout(timer);
  }, [open, endsAt, status.warningMs, end]);

  // While the warning is open: the time left each second, and the end at zero.
  useEffect(() => {
    if (!open) return;
    const tick = () => {
      setNow(Date.now());
      if (Date.now() >= endsAt) void end();
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [open, endsAt, end]);

  if (!open) return null;
  return (
    <TimeoutDialog
      left={endsAt - now}
      extendable={extendable}
      busy={busy}
      problem={problem}
      onStay={extendable ? stay : () => {
        acknowledged.current = true;
        setOpen(false);
      }}
      onSignOut={() => channel.current?.postMessage({ type: "signed-out" } satisfies Message)}
    />
  );
}

function TimeoutDialog({ left, extendable, busy, problem, onStay, onSignOut }: {
  left: number;
  extendable: boolean;
  busy: boolean;
  problem: string | null;
  onStay: () => void;
  onSignOut: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    // Focus on the dialog itself, so its heading and message are read out first.
    dialog.focus();
    return () => {
      if (dialog.open) dialog.close();
      (opener?.isConnected ? opener : document.getElementById("main"))?.focus();
    };
  }, []);
  const spoken = `We will sign you out in ${spokenTimeLeft(left)}.`;
  return (
    <dialog
      ref={ref}
      className="modal session-timeout"
      aria-labelledby="session-timeout-heading"
      aria-describedby="session-timeout-spoken session-timeout-kept"
      tabIndex={-1}
      // Escape is "Stay signed in" (or, when that cannot be, closes): never a silent close.
      onCancel={(event) => {
        event.preventDefault();
        onStay();
      }}
    >
      <h2 id="session-timeout-heading">You’re about to be signed out</h2>
      {/* Shown to the second; screen readers get the same in the status below, less often. */}
      <p className="session-timeout-time" aria-hidden="true">
        For your security, we will sign you out in <strong>{timeLeftText(left)}</strong>.
      </p>
      <p id="session-timeout-spoken" className="visually-hidden" role="status">
        {spoken}
      </p>
      {extendable ? null : <p>A session cannot be made any longer: it has lasted as long as we allow.</p>}
      <p id="session-timeout-kept">If you are signed out, what you have typed on this page is kept for when you log in again.</p>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="actions">
        <button type="button" onClick={onStay} disabled={busy}>
          {extendable ? (busy ? "Staying signed in…" : "Stay signed in") : "Continue"}
        </button>
        <form method="post" action="/logout" onSubmit={onSignOut}>
          <button type="submit" className="secondary">
            Sign out
          </button>
        </form>
      </div>
    </dialog>
  );
}
