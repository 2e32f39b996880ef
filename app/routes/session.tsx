import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/session";
import { endTimedOutSession, sessionStatus, staySignedIn } from "../session/timeout.server";
import { INTENT_FIELD, RETURN_FIELD } from "../session/timeout";
import { safeRedirectPath } from "../security/safe-redirect";

// The session time-out warning's requests (app/components/session-timeout.tsx; ADR 35).
// Requests here never extend the session by themselves (app/session/services.server.ts):
// only "Stay signed in" does. Cross-site posts are refused before this (ADR 8).

const actionSchema = z.discriminatedUnion(INTENT_FIELD, [
  z.object({ [INTENT_FIELD]: z.literal("extend") }),
  z.object({ [INTENT_FIELD]: z.literal("end"), [RETURN_FIELD]: z.string().max(2000) }),
]);

/** How long the session has left, without extending it. */
export function loader({ context }: Route.LoaderArgs) {
  return Response.json(sessionStatus(context), { headers: { "Cache-Control": "private, no-store" } });
}

/** "Stay signed in", or the end when the warning ran out (with the page's form, kept for after login). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = actionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw data("Not a session request", { status: 400 });
  const post = parsed.data;
  if (post[INTENT_FIELD] === "extend") return staySignedIn(context);
  // Back to the page after login: a same-site path only (docs/requirements.md §9.3).
  // (The field by its literal name, which the redirect corpus test reads; TypeScript holds it to RETURN_FIELD.)
  return endTimedOutSession(context, form, safeRedirectPath(form.get("session:returnTo" satisfies typeof RETURN_FIELD), "/account"));
}
