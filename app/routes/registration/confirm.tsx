import { data, Form, redirect } from "react-router";
import { Link } from "../../components/link";
import { useSubmitting } from "../../shell/pending";
import { z } from "zod";
import type { Route } from "./+types/confirm";
import { confirmRegistration, logout } from "../../api/account.server";
import { problemText } from "../../api/result.server";
import { ExpiredLink } from "../../components/expired-link";
import { FormErrors } from "../../components/form-errors";
import { validParams } from "../../forms/params";
import { clearDraft } from "../../registration/draft.server";
import { servicesContext } from "../../session/context";
import { startSession } from "../../session/session.server";
import { pageTitle } from "../../shell/meta";
import { PRIVATE_URL } from "../../shell/private-url";

// The link a registration request emailed (registration/review.tsx; ADR 30). Following it
// shows a button, and the button's post makes the account and logs in: not the link itself,
// since mail scanners open links, and a page view changes nothing (docs/requirements.md §4).
// The token is in the path: kept out of Referer headers and away from the tag manager.

const paramsSchema = z.object({ registrationToken: z.string().regex(/^[A-Za-z0-9_-]{16,200}$/) });

export const headers: Route.HeadersFunction = () => ({ "Referrer-Policy": "no-referrer" });
export const handle = PRIVATE_URL;

export function loader({ params }: Route.LoaderArgs) {
  validParams(paramsSchema, params);
  return null;
}

export async function action({ params, context }: Route.ActionArgs) {
  const { registrationToken } = validParams(paramsSchema, params);
  const { session, gateway } = context.get(servicesContext);
  const result = await confirmRegistration(gateway, registrationToken);
  if (result.ok) {
    // A whole new session, as logging in makes; one the request still carried is ended. The draft is spent.
    if (session.get("token")) await logout(gateway).catch(() => undefined);
    const headers = new Headers();
    headers.append("Set-Cookie", await startSession(result.data));
    headers.append("Set-Cookie", await clearDraft());
    return redirect("/account", { headers });
  }
  if (!result.upstream && result.problem.code === "invalid_registration_token") return data({ expired: true, message: null }, { status: 404 });
  return data({ expired: false, message: problemText(result.problem) }, { status: result.status });
}

export default function ConfirmRegistration({ actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  if (actionData?.expired) {
    return (
      <ExpiredLink what="registration">
        <Link to="/registration">Register again</Link>, or <Link to="/login">log in</Link> if you have an account.
      </ExpiredLink>
    );
  }
  return (
    <div className="page narrow">
      <h1>Confirm your registration</h1>
      <p>Confirm to create your account. You will then be logged in.</p>
      <FormErrors errors={actionData?.message ? { form: actionData.message } : {}} />
      <Form method="post">
        <button type="submit" disabled={submitting}>
          {submitting ? "Confirming…" : "Confirm and log in"}
        </button>
      </Form>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Confirm your registration");
