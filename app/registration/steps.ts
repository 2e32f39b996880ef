import type { GroupType } from "../../generated/schemas";

// Registration's steps, in order, and which saved parts of the draft each one needs.
// Pages import this module for their paths: it must not bring zod to the browser (the
// params schema is in params.server.ts).

export type RegistrationStep = "organisation" | "organisation/edit" | "user/edit" | "review";

export const REGISTRATION_STEPS: readonly RegistrationStep[] = ["organisation", "organisation/edit", "user/edit", "review"];

/** The part of the draft the guard reads. */
export interface DraftProgress {
  group: GroupType;
  organisationId?: string | undefined;
  organisation?: unknown;
  user?: unknown;
}

export function registrationPath(group: GroupType, step: RegistrationStep): string {
  return `/registration/${group}/${step}`;
}

/** The start of registration, where the group type is chosen (not a step of a group's table). */
export const REGISTRATION_START = "/registration";

/** Where the review's parts are changed: the part saved by each step, read from this table. */
export function registrationChangeLinks(group: GroupType, organisationMode: "join" | "create"): { groupType: string; organisation: string; user: string } {
  return {
    groupType: REGISTRATION_START,
    // A found organisation is changed by finding another; one entered by hand, by editing it.
    organisation: registrationPath(group, organisationMode === "join" ? "organisation" : "organisation/edit"),
    user: registrationPath(group, "user/edit"),
  };
}

/** The step a path under /registration/{group}/ names, or null (e.g. /registration itself). */
export function stepOf(pathname: string): { group: string; step: RegistrationStep } | null {
  const match = /^\/registration\/([^/]+)\/(.+?)\/?$/.exec(pathname);
  if (!match) return null;
  const step = REGISTRATION_STEPS.find((s) => s === match[2]);
  return step ? { group: decodeURIComponent(match[1]!), step } : null;
}

export function organisationDone(draft: DraftProgress | null, group: GroupType): boolean {
  return draft?.group === group && Boolean(draft.organisationId || draft.organisation);
}

export function userDone(draft: DraftProgress | null): boolean {
  return Boolean(draft?.user);
}

/**
 * Where to send a user who opens `step` with this draft: the first earlier step that is
 * missing, or null when the step may be shown. Finding or entering the organisation
 * needs nothing; your details need the organisation; the review needs both.
 */
export function firstMissingStep(draft: DraftProgress | null, group: GroupType, step: RegistrationStep): string | null {
  if (step === "organisation" || step === "organisation/edit") return null;
  if (!organisationDone(draft, group)) return registrationPath(group, "organisation");
  if (step === "review" && !userDone(draft)) return registrationPath(group, "user/edit");
  return null;
}
