import { describe, expect, it } from "vitest";
import { decideOutreachStep, dueStep, firstMissingStep, outreachStepDone, type OutreachProgress } from "./steps";

const at = (completed: string[], next: string): OutreachProgress => ({ completedSteps: completed, nextStep: next });
const url = (path: string) => new URL(path, "http://localhost");
const ROOT = "/account/book/outreach";

const afterAdvisories = at(["outreach-eligibility", "outreach-activities", "outreach-advisories"], "outreach-questions");
const afterTerms = at(
  ["outreach-eligibility", "outreach-activities", "outreach-advisories", "outreach-questions", "outreach-schedule", "outreach-terms"],
  "payment",
);

describe("outreach step order", () => {
  it("goes to the gateway's due step after a save (payment due: the summary first)", () => {
    expect(dueStep(at(["outreach-eligibility"], "outreach-activities"))).toBe("activities");
    expect(dueStep(afterAdvisories)).toBe("questions");
    expect(dueStep(afterTerms)).toBe("summary");
    expect(dueStep(at([...afterTerms.completedSteps, "payment"], "review"))).toBe("payment");
  });

  it("knows which steps are done: eligibility with a basket, the summary once the terms are saved", () => {
    expect(outreachStepDone("eligibility", null)).toBe(false);
    expect(outreachStepDone("eligibility", at([], "outreach-activities"))).toBe(true);
    expect(outreachStepDone("summary", afterAdvisories)).toBe(false);
    expect(outreachStepDone("summary", afterTerms)).toBe(true);
    expect(firstMissingStep(null)).toBe("eligibility");
    expect(firstMissingStep(afterAdvisories)).toBe("questions");
  });

  it("sends a step whose earlier steps are missing to the first one missing", () => {
    expect(decideOutreachStep(url(`${ROOT}/terms`), true, afterAdvisories)).toEqual({ ok: false, redirectTo: `${ROOT}/questions` });
    expect(decideOutreachStep(url(`${ROOT}/payment`), true, afterAdvisories)).toEqual({ ok: false, redirectTo: `${ROOT}/questions` });
    expect(decideOutreachStep(url(`${ROOT}/activities`), true, null)).toEqual({ ok: false, redirectTo: ROOT });
    expect(decideOutreachStep(url(`${ROOT}/advisories`), true, afterAdvisories)).toEqual({ ok: true, step: "advisories" });
    expect(decideOutreachStep(url(`${ROOT}/questions/`), true, afterAdvisories)).toEqual({ ok: true, step: "questions" });
    expect(decideOutreachStep(url(`${ROOT}/payment`), true, afterTerms)).toEqual({ ok: true, step: "payment" });
  });

  it("shows a not eligible organisation the eligibility page, whatever step it asks for", () => {
    expect(decideOutreachStep(url(`${ROOT}/schedule`), false, null)).toEqual({ ok: false, redirectTo: ROOT });
    expect(decideOutreachStep(url(ROOT), false, null)).toEqual({ ok: true, step: "eligibility" });
  });

  it("always allows the confirmation and the hosted payment page's return", () => {
    expect(decideOutreachStep(url(`${ROOT}/confirmation?orderId=ord-1`), true, null).ok).toBe(true);
    expect(decideOutreachStep(url(`${ROOT}/payment?result=success`), true, null).ok).toBe(true);
  });
});
