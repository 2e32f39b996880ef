// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StoresProvider } from "../state/stores";
import { ErrorPage } from "./error-page";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
afterEach(() => container?.remove());

async function render(element: React.ReactNode) {
  container = document.body.appendChild(document.createElement("div"));
  const router = createMemoryRouter([{ path: "/", element }]);
  await act(async () => createRoot(container).render(<RouterProvider router={router} />));
  return container;
}

describe("error page", () => {
  it("shows the status and message of an error", async () => {
    const { UNSAFE_ErrorResponseImpl: ErrorResponseImpl } = await import("react-router");
    const page = await render(
      <StoresProvider>
        <ErrorPage error={new ErrorResponseImpl(503, "", "The booking service is not available right now.")} />
      </StoresProvider>,
    );
    expect(page.querySelector("h1")?.textContent).toBe("The booking service is not available right now.");
    expect(page.textContent).toContain("Error 503");
  });

  it("falls back to a plain page with a way home when showing the error fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    // Without the stores the error page itself throws: the fallback must catch it.
    const page = await render(<ErrorPage error={new Error("original")} />);
    expect(page.querySelector("h1")?.textContent).toBe("An error occurred while showing the error page");
    expect(page.querySelector("a")?.textContent).toBe("Go back to home");
    expect(page.querySelector("a")?.getAttribute("href")).toBe("/");
  });
});
