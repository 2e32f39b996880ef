import { redirect, type MiddlewareFunction } from "react-router";
import { userContext } from "../session/context";
import { readDraft } from "../registration/draft.server";
import { registrationParamsSchema } from "../registration/params.server";
import { firstMissingStep, stepOf } from "../registration/steps";

/**
 * Registration is for people without an account: a logged-in user goes to /account.
 * A step whose earlier steps are not saved in the draft sends the user to the first
 * missing one. An unknown group type is left to the layout's param validation (the
 * one place that answers 404), so it is never redirected first.
 */
export const registration: MiddlewareFunction<Response> = async ({ request, url, context }) => {
  if (context.get(userContext)) throw redirect("/account");
  const at = stepOf(url.pathname);
  if (!at) return;
  const params = registrationParamsSchema.safeParse({ group: at.group });
  if (!params.success || !params.data.group) return;
  const missing = firstMissingStep(await readDraft(request), params.data.group, at.step);
  if (missing) throw redirect(missing);
};
