import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchPath } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { changeLinks, FLOW_STEPS, STEP_PATHS, stepOfPath, stepReachable, TIMES_STEP, type Flow } from "../../app/booking/steps";
import { decideOutreachStep, OUTREACH_PATHS, OUTREACH_STEPS, outreachStepOfPath, summaryChangeLinks } from "../../app/outreach/steps";
import { GROUP_TYPES } from "../../app/organisations/group-types";
import { firstMissingStep as registrationMissing, REGISTRATION_START, registrationChangeLinks, stepOf } from "../../app/registration/steps";

// The change links of every review and summary page are read from their flow's own steps
// table (issue 22): derived here for every flow, each must be a page of app/routes.ts, a
// step of that flow (never another's), and open once everything before the review is saved.

function templates(entries: readonly RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((e) => {
    const path = [parent, e.path ?? ""].filter(Boolean).join("/");
    return [`/${path}`, ...templates(e.children ?? [], path)];
  });
}
const ROUTES = templates(routes);
const isRoute = (href: string) => ROUTES.some((t) => t !== "/*" && !t.includes(":slug") && matchPath(t, href));

const FLOWS = Object.keys(FLOW_STEPS) as Flow[];

describe("the booking review's change links", () => {
  it.each(FLOWS)("lead to every step of the %s flow before review, and to nothing else", (flow) => {
    const steps = FLOW_STEPS[flow];
    const before = steps.slice(0, steps.indexOf("review"));
    const links = changeLinks(flow);
    expect(links.map((l) => l.step)).toEqual(before);
    // Everything saved: the basket a review shows.
    const atReview = { completedSteps: before, nextStep: "review" };
    for (const link of links) {
      expect(isRoute(link.href), link.href).toBe(true);
      expect(stepOfPath(link.href)).toBe(link.step);
      expect(stepReachable(flow, link.step, atReview), link.href).toBe(true);
      expect(link.label).toMatch(/^Change /);
    }
    expect(new Set(links.map((l) => l.label)).size).toBe(links.length);
    // A step only another flow has is never linked.
    const others = FLOWS.filter((f) => f !== flow).flatMap((f) => FLOW_STEPS[f]).filter((s) => !steps.includes(s));
    expect(links.filter((l) => others.map((s) => STEP_PATHS[s]).includes(l.href))).toEqual([]);
  });

  it.each(FLOWS)("leave out payment in the %s flow when there is nothing to pay", (flow) => {
    expect(changeLinks(flow, { paymentSkipped: true }).map((l) => l.step)).not.toContain("payment");
    expect(changeLinks(flow, { paymentSkipped: true })).toHaveLength(changeLinks(flow).length - 1);
  });

  it.each(FLOWS)("send a sold-out time in the %s flow to the flow's own step for times", (flow) => {
    expect(FLOW_STEPS[flow]).toContain(TIMES_STEP[flow].step);
  });
});

describe("the outreach summary's change links", () => {
  it("lead to each step between eligibility and the summary, in order, each open with everything saved", () => {
    const links = summaryChangeLinks();
    const between = OUTREACH_STEPS.slice(OUTREACH_STEPS.indexOf("eligibility") + 1, OUTREACH_STEPS.indexOf("summary"));
    expect(links.map((l) => l.step)).toEqual(between);
    const saved = { completedSteps: between.map((s) => `outreach-${s}`).concat("outreach-eligibility", "payment"), nextStep: "payment" };
    for (const link of links) {
      expect(isRoute(link.href), link.href).toBe(true);
      expect(link.href).toBe(OUTREACH_PATHS[link.step]);
      expect(outreachStepOfPath(link.href)).toBe(link.step);
      expect(decideOutreachStep(new URL(link.href, "http://localhost"), true, saved)).toEqual({ ok: true, step: link.step });
    }
  });
});

describe("the registration review's change links", () => {
  it.each(GROUP_TYPES.flatMap((group) => (["join", "create"] as const).map((mode) => [group, mode] as const)))(
    "lead a %s registration (%s an organisation) to its own steps, each open with the draft complete",
    (group, mode) => {
      const links = registrationChangeLinks(group, mode);
      const draft = { group, user: {}, ...(mode === "join" ? { organisationId: "org-1" } : { organisation: {} }) };
      expect(links.groupType).toBe(REGISTRATION_START);
      for (const href of [links.organisation, links.user]) {
        expect(isRoute(href), href).toBe(true);
        const step = stepOf(href);
        expect(step).toMatchObject({ group });
        expect(step?.step).not.toBe("review");
        expect(registrationMissing(draft, group, step!.step)).toBeNull();
      }
      expect(stepOf(links.organisation)?.step).toBe(mode === "join" ? "organisation" : "organisation/edit");
      expect(isRoute(REGISTRATION_START)).toBe(true);
    },
  );
});
