import { describe, expect, it } from "vitest";
import {
  confirmationPath, flowFor, flowOfStep, paymentSkipped, stepOfPath, stepPath, stepReachable, visibleSteps,
} from "./steps";

const basket = (completedSteps: string[], nextStep: string, payment?: { method: string }) => ({ completedSteps, nextStep, payment });

describe("booking steps", () => {
  it("gives each group type its flow", () => {
    expect(flowFor("education")).toBe("standard");
    expect(flowFor("home-education")).toBe("standard");
    expect(flowFor("tour-operator")).toBe("group");
    expect(flowFor("other-group")).toBe("group");
  });

  it("maps gateway steps to routes and back", () => {
    expect(stepPath("group-capacities")).toBe("/account/book/group/capacities");
    expect(stepPath("review")).toBe("/account/book/review");
    expect(stepPath("outreach-terms")).toBe("/account/book/date");
    expect(stepOfPath("/account/book/group/details")).toBe("group-details");
    expect(stepOfPath("/account/book/schedule/")).toBe("schedule");
    expect(stepOfPath("/account/book/payment/return")).toBeNull();
    expect(confirmationPath("ord-1")).toBe("/account/book/confirmation?orderId=ord-1");
  });

  it("knows which steps belong to one flow only", () => {
    expect(flowOfStep("information")).toBe("standard");
    expect(flowOfStep("group-activities")).toBe("group");
    expect(flowOfStep("payment")).toBeNull();
  });

  it("leaves payment out of a free booking's steps", () => {
    expect(visibleSteps("standard")).toEqual(["date", "information", "schedule", "payment", "review", "confirmation"]);
    expect(visibleSteps("standard", { paymentSkipped: true })).toEqual(["date", "information", "schedule", "review", "confirmation"]);
    expect(paymentSkipped(basket(["date", "information", "schedule", "payment"], "review", { method: "none" }))).toBe(true);
    expect(paymentSkipped(basket(["date"], "information"))).toBe(false);
    expect(paymentSkipped(null)).toBe(false);
  });

  it("lets a step open once every earlier step is saved", () => {
    const b = basket(["date", "information"], "schedule");
    expect(stepReachable("standard", "date", null)).toBe(true);
    expect(stepReachable("standard", "information", null)).toBe(false);
    expect(stepReachable("standard", "information", b)).toBe(true);
    expect(stepReachable("standard", "schedule", b)).toBe(true);
    expect(stepReachable("standard", "payment", b)).toBe(false);
    expect(stepReachable("standard", "review", b)).toBe(false);
    expect(stepReachable("standard", "confirmation", null)).toBe(true);
  });
});
