import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { describeError } from "./error-page";

async function routeError(value: unknown, status: number) {
  // What React Router hands the boundary for a thrown data(): an ErrorResponse.
  const { UNSAFE_ErrorResponseImpl: ErrorResponseImpl } = await import("react-router");
  const d = data(value, { status });
  return new ErrorResponseImpl(status, "", d.data);
}

describe("describeError", () => {
  it("shows the 404 text", async () => {
    expect(describeError(await routeError(null, 404))).toEqual({ status: 404, message: "This page could not be found" });
  });
  it("shows the status and message of other route errors", async () => {
    expect(describeError(await routeError("Unknown middleware x", 500))).toEqual({ status: 500, message: "Unknown middleware x" });
    expect(describeError(await routeError(null, 503))).toEqual({ status: 503, message: "Error" });
  });
  it("defaults to 500 and Error, never leaking an exception's message", () => {
    expect(describeError(new Error("secret stack detail"))).toEqual({ status: 500, message: "Error" });
  });
});
