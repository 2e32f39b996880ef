// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { createSite } from "../../mocks/backend/cms-content";
import { SiteFooter } from "./site-footer";
import { renderInRouter } from "./render-in-router.test-support";

const statementLinks = (root: HTMLElement) => [...root.querySelectorAll("footer a")].filter((a) => a.getAttribute("href") === "/accessibility");

describe("site footer", () => {
  it("links the accessibility statement once when the CMS's footer already links it", async () => {
    const footer = await renderInRouter(<SiteFooter site={createSite()} />);
    expect(statementLinks(footer)).toHaveLength(1);
    expect(footer.textContent).toContain("Registered charity number");
  });

  it("adds the statement link when the CMS's footer does not have it", async () => {
    const site = createSite();
    site.footer.navigation = site.footer.navigation.filter((item) => item.href !== "/accessibility");
    const footer = await renderInRouter(<SiteFooter site={site} />);
    expect(statementLinks(footer).map((a) => a.textContent)).toEqual(["Accessibility statement"]);
  });

  it("still links the statement without the CMS's site content (the error page when the CMS is down)", async () => {
    const footer = await renderInRouter(<SiteFooter site={undefined} />);
    expect(statementLinks(footer).map((a) => a.textContent)).toEqual(["Accessibility statement"]);
  });
});
