import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/cookie-consent";
import { serializeConsent } from "../shell/cookie-consent.server";
import { safeRedirectPath } from "../security/safe-redirect";

const schema = z.object({
  consent: z.enum(["accepted", "rejected"]),
  returnTo: z.string().optional(),
});

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = schema.safeParse(form);
  if (!parsed.success) throw data("Choose to accept or reject cookies.", { status: 400 });
  const headers = { "Set-Cookie": await serializeConsent(parsed.data.consent) };
  // Without JavaScript the browser followed the form here: send it back where it was.
  if (request.headers.get("Accept")?.includes("text/html")) {
    return redirect(safeRedirectPath(parsed.data.returnTo, "/"), { headers });
  }
  return data({ consent: parsed.data.consent }, { headers });
}

export function loader() {
  return redirect("/");
}
