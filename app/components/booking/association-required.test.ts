import { describe, expect, it } from "vitest";
import { ASSOCIATION_REQUIRED } from "../../session/flow-access";
import { NOT_FOUND_MESSAGE } from "../error-page";
import { flowLayoutErrorTitle } from "./association-required";

/** A thrown `data(…, { status })` as a route's error boundary receives it. */
const routeError = (status: number, data: unknown) => ({ status, statusText: "", internal: false, data });

describe("flowLayoutErrorTitle", () => {
  it("asks a user the guard refused to get approved", () => {
    const blocked = routeError(403, { code: ASSOCIATION_REQUIRED, reason: "pending", organisationName: "Riverside Primary School" });
    expect(flowLayoutErrorTitle(blocked)).toBe("Get approved to book");
  });

  it("names any other error as the error page does", () => {
    expect(flowLayoutErrorTitle(routeError(404, null))).toBe(NOT_FOUND_MESSAGE);
    expect(flowLayoutErrorTitle(routeError(409, "This booking has changed"))).toBe("This booking has changed");
    expect(flowLayoutErrorTitle(new Error("internal detail"))).toBe("Error");
  });
});
