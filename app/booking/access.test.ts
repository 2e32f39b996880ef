import { describe, expect, it } from "vitest";
import { isAssociationRequired } from "../session/flow-access";
import { associationAccess, decideStep } from "./access";
import type { Association } from "../../generated/schemas";

const org = (id: string, name = `School ${id}`) => ({ id, name, groupType: "education" as const, town: "Leeds", postcode: "LS1 1AA" });
const association = (id: string, status: "approved" | "pending"): Association => ({
  organisation: org(id), status, role: "lead", requestedAt: "2026-01-01T10:00:00Z",
});
const url = (path: string) => new URL(path, "http://localhost");
const basket = (completedSteps: string[], nextStep: string) => ({ completedSteps, nextStep });

describe("booking guard decisions", () => {
  it("needs an approved association with the current organisation", () => {
    expect(associationAccess({ currentOrganisationId: "o1" }, [association("o1", "approved")])).toEqual({ ok: true, organisationId: "o1" });

    const pending = associationAccess({ currentOrganisationId: null }, [association("o2", "pending")]);
    expect(pending).toMatchObject({ ok: false, problem: { reason: "pending", organisationName: "School o2" } });
    expect(!pending.ok && isAssociationRequired(pending.problem)).toBe(true);

    expect(associationAccess({ currentOrganisationId: null }, [])).toMatchObject({ ok: false, problem: { reason: "none", organisationName: null } });
    expect(associationAccess({ currentOrganisationId: "o3" }, [association("o3", "pending")])).toMatchObject({ ok: false, problem: { reason: "pending" } });
  });

  it("sends a step whose earlier steps are missing to the basket's next step", () => {
    expect(decideStep("education", url("/account/book/schedule"), basket(["date"], "information"))).toEqual({
      ok: false,
      redirectTo: "/account/book/information",
    });
    expect(decideStep("education", url("/account/book/information"), null)).toEqual({ ok: false, redirectTo: "/account/book/date" });
    expect(decideStep("education", url("/account/book/review"), basket(["date", "information", "schedule", "payment"], "review"))).toEqual({
      ok: true,
      step: "review",
    });
    expect(decideStep("education", url("/account/book/date"), null)).toEqual({ ok: true, step: "date" });
  });

  it("sends the other flow's steps to this flow", () => {
    expect(decideStep("education", url("/account/book/group/activities"), basket(["date"], "information"))).toEqual({
      ok: false,
      redirectTo: "/account/book/information",
    });
    expect(decideStep("tour-operator", url("/account/book/schedule"), null)).toEqual({ ok: false, redirectTo: "/account/book/date" });
    expect(decideStep("tour-operator", url("/account/book/group/details"), basket(["date", "group-activities"], "group-capacities"))).toEqual({
      ok: false,
      redirectTo: "/account/book/group/capacities",
    });
  });

  it("always lets confirmation, payment return and an order's payment through", () => {
    expect(decideStep("education", url("/account/book/confirmation?orderId=o1"), null)).toMatchObject({ ok: true });
    expect(decideStep("education", url("/account/book/payment/return?paymentId=p1"), null)).toMatchObject({ ok: true, step: null });
    expect(decideStep("education", url("/account/book/payment?paymentId=p1"), null)).toMatchObject({ ok: true });
  });
});
