import { data, Form, redirect } from "react-router";
import { Link } from "../../components/link";
import { z } from "zod";
import type { Route } from "./+types/review";
import { getCurrentTerms, listGroupTypes } from "../../api/cms.server";
import { getOrganisation, requestRegistration } from "../../api/account.server";
import { gatewayFailure, problemText, succeeded } from "../../api/result.server";
import { EmbeddedMailNotice } from "../../components/embedded-mail-notice";
import { CheckboxField } from "../../components/field";
import { RegistrationDetail, type RegistrationOrganisationDetail } from "../../components/registration-detail";
import { servicesContext } from "../../session/context";
import { GROUP_TYPE_LABELS, GROUP_TYPES } from "../../organisations/group-types";
import { pageTitle } from "../../shell/meta";
import { organisationKind } from "../../organisations/organisation-options";
import { validParams } from "../../forms/params";
import { draftFor, readDraft, type RegistrationDraft } from "../../registration/draft.server";
import { registrationChangeLinks, registrationPath } from "../../registration/steps";
import { useClearRegistrationTyping } from "../../registration/use-typing";
import { rateLimit } from "../../security/limits.server";
import { retryAfterHeaders } from "../../security/retry-after";
import { config } from "../../runtime/config.server";
import { embeddedMailTo } from "../../runtime/embedded.server";
import type { GroupType, RegistrationRequest } from "../../../generated/schemas";
import { useSubmitting } from "../../shell/pending";

const paramsSchema = z.object({ group: z.enum(GROUP_TYPES) });

const reviewSchema = z.object({
  acceptTerms: z.literal("on", { error: "Tick the box to accept the terms" }),
  termsVersion: z.string().min(1),
});

/** The draft's parts the review needs; the guard has already sent anyone without them back. */
function completeDraft(draft: RegistrationDraft) {
  const { user, organisationId, organisation } = draft;
  if (!user || (!organisationId && !organisation)) throw redirect(registrationPath(draft.group, "organisation"));
  return { user, organisationId, organisation };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { group } = validParams(paramsSchema, params);
  const { gateway, cms } = context.get(servicesContext);
  const { user, organisationId, organisation } = completeDraft(draftFor(await readDraft(request), group));
  const [terms, groupTypes, joining] = await Promise.all([
    getCurrentTerms(cms, "registration").then(succeeded),
    listGroupTypes(cms).then(succeeded),
    organisationId ? getOrganisation(gateway, organisationId) : null,
  ]);
  let detail: RegistrationOrganisationDetail;
  if (joining) {
    if (!joining.ok && joining.upstream) throw gatewayFailure(joining);
    // The organisation was removed since it was picked: choose again.
    if (!joining.ok) throw redirect(registrationPath(group, "organisation/edit"));
    detail = { mode: "join", organisation: joining.data };
  } else {
    detail = { mode: "create", details: organisation! };
  }
  const { password: _never, ...shownUser } = user;
  return {
    group,
    groupName: groupTypes.items.find((g) => g.groupType === group)?.name ?? GROUP_TYPE_LABELS[group],
    organisation: detail,
    user: shownUser,
    terms: { version: terms.version, title: terms.title, summary: terms.summary ?? "" },
  };
}

type Links = { href: string; label: string }[];

// A refused (429) post tells the client when to try again.
export const headers = retryAfterHeaders;

export async function action({ request, params, context, url }: Route.ActionArgs) {
  const { group } = validParams(paramsSchema, params);
  const form = Object.fromEntries(await request.formData());
  const parsed = reviewSchema.safeParse(form);
  if (!parsed.success) {
    const errors: Record<string, string> = { acceptTerms: "Tick the box to accept the terms" };
    return data({ errors, message: null, links: [] as Links, sent: null }, { status: 400 });
  }
  const { user, organisationId, organisation } = completeDraft(draftFor(await readDraft(request), group));
  const limited = await rateLimit(request, context, "registration");
  if (limited) return data({ errors: {} as Record<string, string>, message: limited.message, links: [] as Links, sent: null }, limited.init);
  const { gateway } = context.get(servicesContext);

  const body: RegistrationRequest = {
    groupType: group,
    user: {
      email: user.email,
      password: user.password,
      firstName: user.firstName,
      lastName: user.lastName,
      ...(user.title ? { title: user.title } : {}),
      ...(user.phone ? { phone: user.phone } : {}),
      ...(user.jobTitle ? { jobTitle: user.jobTitle } : {}),
      marketingConsent: user.marketingConsent,
    },
    ...(organisationId
      ? { organisationId }
      : { organisation: { ...organisation!, kind: organisationKind(group, organisation!) } }),
    acceptedTermsVersion: parsed.data.termsVersion,
  };
  const started = new Date();
  const result = await requestRegistration(gateway, body);

  if (result.ok) {
    // The same answer whether or not the email has an account (ADR 30): the email says which,
    // with the link that makes the account (confirm.tsx). The draft stays, so a wrong address
    // is put right without typing everything again.
    const demo = config.embedded ? embeddedMailTo(user.email, started, url.origin) : null;
    return { errors: {} as Record<string, string>, message: null, links: [] as Links, sent: { email: user.email, demo } };
  }

  const fail = (message: string, links: Links = []) =>
    data({ errors: {} as Record<string, string>, message, links, sent: null }, { status: result.status });
  // No usable answer: the message to try again (the draft is kept, so nothing is retyped).
  if (result.upstream) return fail(problemText(result.problem));
  const { problem, status } = result;
  switch (problem.code) {
    case "organisation_exists":
      return fail(problem.detail ?? "Your organisation is already registered. Find it and ask to join it.", [
        { href: registrationPath(group, "organisation"), label: "Find your organisation" },
      ]);
    case "organisation_not_found":
      return fail("The organisation you chose is no longer available. Choose it again or enter its details.", [
        { href: registrationPath(group, "organisation"), label: "Find your organisation" },
      ]);
  }
  if (status === 429) return fail("Too many attempts. Wait a few minutes and try again.");
  if (status === 422) {
    // Say which part to change, with a link to it.
    const partOf = (field: string) =>
      field.startsWith("organisation") ? "organisation" : field.startsWith("user") ? "user" : "terms";
    const parts = new Set((problem.errors ?? []).map((e) => partOf(e.field)));
    if (parts.has("terms")) {
      return fail("The terms have changed since you opened this page. Read them again and accept them to register.");
    }
    const messages = (problem.errors ?? []).map((e) => e.message).join(" ");
    const links: Links = [];
    if (parts.has("organisation")) links.push({ href: registrationPath(group, "organisation/edit"), label: "Change your organisation's details" });
    if (parts.has("user")) links.push({ href: registrationPath(group, "user/edit"), label: "Change your details" });
    return fail(`Some details need changing: ${messages}`, links);
  }
  return fail(problemText(problem));
}

/** After the request: the same words whether or not the address has an account (ADR 30). */
function CheckYourEmail({ group, email, demo }: { group: GroupType; email: string; demo: { link: string; subject: string } | null }) {
  return (
    <div className="page narrow">
      <h1>Check your email</h1>
      <p role="status" className="success">
        We have sent an email to {email}. Follow the link in it to finish registering: the link works for 24 hours. If
        this address already has an account, the email says how to log in instead.
      </p>
      <p>
        If the email does not arrive in a few minutes, check your spam folder. If the address is wrong,{" "}
        <Link to={registrationPath(group, "user/edit")}>change your details</Link> and register again.
      </p>
      {demo ? <EmbeddedMailNotice link={demo.link} subject={demo.subject} /> : null}
    </div>
  );
}

export default function RegistrationReview({ loaderData, actionData }: Route.ComponentProps) {
  const { group, groupName, organisation, user, terms } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const submitting = useSubmitting();
  const clearTyping = useClearRegistrationTyping();
  if (actionData?.sent) return <CheckYourEmail group={group} {...actionData.sent} />;
  return (
    <div className="page narrow">
      <p>
        <Link to={registrationPath(group, "user/edit")}>Back to your details</Link>
      </p>
      <h1>Check and submit your registration</h1>
      {actionData?.message ? (
        <div className="error-summary" role="alert">
          <p>{actionData.message}</p>
          {actionData.links.length > 0 ? (
            <ul>
              {actionData.links.map((l) => (
                <li key={l.href}>
                  <Link to={l.href}>{l.label}</Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {errors.acceptTerms ? (
        <div className="error-summary" role="alert">
          <p>Accept the terms to register.</p>
        </div>
      ) : null}
      <RegistrationDetail
        groupType={group}
        groupName={groupName}
        organisation={organisation}
        user={user}
        changeLinks={registrationChangeLinks(group, organisation.mode)}
      />
      <section aria-labelledby="terms-heading" className="card">
        <h2 id="terms-heading">{terms.title}</h2>
        {terms.summary ? <p>{terms.summary}</p> : null}
        <p>
          <Link to="/terms" target="_blank" rel="noopener">
            Read the full terms (opens in a new tab)
          </Link>
        </p>
        <Form method="post" noValidate onSubmit={clearTyping}>
          <input type="hidden" name="termsVersion" value={terms.version} />
          <CheckboxField name="acceptTerms" label={`I accept the ${terms.title.toLowerCase()}`} error={errors.acceptTerms} />
          <button type="submit" disabled={submitting}>
            {submitting ? "Registering…" : "Register"}
          </button>
        </Form>
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Check and submit your registration");
