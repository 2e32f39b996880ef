import { Form, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { logout } from "../api/account.server";
import { servicesContext, userContext } from "../session/context";
import { pageTitle } from "../shell/meta";
import { destroySession } from "../session/session.server";

export async function action({ context }: Route.ActionArgs) {
  const { session, gateway } = context.get(servicesContext);
  // End the session at the gateway too; the cookie is cleared whatever it answers.
  if (session.get("token")) await logout(gateway).catch(() => undefined);
  return redirect("/", { headers: { "Set-Cookie": await destroySession(session) } });
}

export function loader({ context }: Route.LoaderArgs) {
  // Logging out changes state, so it is a POST; a GET only offers the button.
  if (!context.get(userContext)) throw redirect("/");
  return null;
}

export default function Logout() {
  return (
    <div className="page narrow">
      <h1>Log out</h1>
      <p>You are logged in. Log out on this device?</p>
      <Form method="post">
        <button type="submit">Log out</button>
      </Form>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Log out");
