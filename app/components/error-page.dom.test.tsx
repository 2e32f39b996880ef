// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest";
import { StoresProvider } from "../state/stores";
import { ErrorPage } from "./error-page";
import { renderInRouter } from "./render-in-router.test-support";

describe("error page", () => {
  it("shows the status and message of an error", async () => {
    const { UNSAFE_ErrorResponseImpl: ErrorResponseImpl } = await import("react-router");
    const page = await renderInRouter(
      <StoresProvider>
        <ErrorPage error={new ErrorResponseImpl(503, "", "The booking service is not available right now.")} />
      </StoresProvider>,
    );
    expect(page.querySelector("h1")?.textContent).toBe("The booking service is not available right now.");
    expect(page.textContent).toContain("Error 503");
    expect(page.textContent).toContain("Please try again. If it keeps happening, go to the home page.");
  });

  it("offers to try the same address again, loaded afresh, unless the page does not exist", async () => {
    const { UNSAFE_ErrorResponseImpl: ErrorResponseImpl } = await import("react-router");
    const links = (page: Element) => [...page.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);
    const failed = await renderInRouter(
      <StoresProvider>
        <ErrorPage error={new ErrorResponseImpl(429, "", "The booking service is busy right now. Please try again shortly.")} />
      </StoresProvider>,
      "/account/orders?page=2",
    );
    expect(links(failed)).toEqual([
      ["try again", "/account/orders?page=2"],
      ["go to the home page", "/"],
    ]);
    const missing = await renderInRouter(
      <StoresProvider>
        <ErrorPage error={new ErrorResponseImpl(404, "", "")} />
      </StoresProvider>,
      "/nowhere",
    );
    expect(links(missing).map(([text]) => text)).toEqual(["Back to the home page"]);
  });

  it("falls back to a plain page with a way home when showing the error fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    // Without the stores the error page itself throws: the fallback must catch it.
    const page = await renderInRouter(<ErrorPage error={new Error("original")} />);
    expect(page.querySelector("h1")?.textContent).toBe("An error occurred while showing the error page");
    expect(page.querySelector("a")?.textContent).toBe("Go back to home");
    expect(page.querySelector("a")?.getAttribute("href")).toBe("/");
  });
});
