// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createSite } from "../../mocks/backend/cms-content";
import { SiteFooter } from "./site-footer";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
afterEach(() => container?.remove());

async function render(element: React.ReactNode) {
  container = document.body.appendChild(document.createElement("div"));
  const router = createMemoryRouter([{ path: "/", element }]);
  await act(async () => createRoot(container).render(<RouterProvider router={router} />));
  return container;
}

const statementLinks = (root: HTMLElement) => [...root.querySelectorAll("footer a")].filter((a) => a.getAttribute("href") === "/accessibility");

describe("site footer", () => {
  it("links the accessibility statement once when the CMS's footer already links it", async () => {
    const footer = await render(<SiteFooter site={createSite()} />);
    expect(statementLinks(footer)).toHaveLength(1);
    expect(footer.textContent).toContain("Registered charity number");
  });

  it("adds the statement link when the CMS's footer does not have it", async () => {
    const site = createSite();
    site.footer.navigation = site.footer.navigation.filter((item) => item.href !== "/accessibility");
    const footer = await render(<SiteFooter site={site} />);
    expect(statementLinks(footer).map((a) => a.textContent)).toEqual(["Accessibility statement"]);
  });

  it("still links the statement without the CMS's site content (the error page when the CMS is down)", async () => {
    const footer = await render(<SiteFooter site={undefined} />);
    expect(statementLinks(footer).map((a) => a.textContent)).toEqual(["Accessibility statement"]);
  });
});
