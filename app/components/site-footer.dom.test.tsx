// @vitest-environment happy-dom
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSite } from "../../mocks/backend/cms-content";
import { BOOKINGS_TEAM_HELP } from "../shell/help";
import { footerLinks, SiteFooter } from "./site-footer";
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

  it("keeps the bookings team's help last, once, whatever links the CMS's footer holds in whatever order, or with the CMS down (WCAG 3.2.6)", () => {
    const cmsLinks = createSite().footer.navigation;
    const moved = { label: "Email us", href: BOOKINGS_TEAM_HELP.href };
    const relabelled = { label: BOOKINGS_TEAM_HELP.label, href: "mailto:someone.else@example.org" };
    fc.assert(
      fc.property(fc.option(fc.shuffledSubarray([...cmsLinks, moved, relabelled, { label: "Events", href: "/events" }])), (navigation) => {
        const site = navigation === null ? undefined : { ...createSite(), footer: { ...createSite().footer, navigation } };
        const links = footerLinks(site);
        expect(links.at(-1)).toEqual(BOOKINGS_TEAM_HELP);
        expect(links.filter((l) => l.href === BOOKINGS_TEAM_HELP.href || l.label === BOOKINGS_TEAM_HELP.label)).toHaveLength(1);
        expect(links.filter((l) => l.href === "/accessibility")).toHaveLength(1);
        // The CMS's other links, in its order.
        expect(links.slice(0, -1).filter((l) => l.href !== "/accessibility" || navigation?.includes(l))).toEqual(
          (navigation ?? []).filter((l) => l.href !== BOOKINGS_TEAM_HELP.href && l.label !== BOOKINGS_TEAM_HELP.label),
        );
      }),
    );
  });

  it("draws the help as the footer's last link, with the CMS and without it", async () => {
    for (const site of [createSite(), undefined]) {
      const footer = await renderInRouter(<SiteFooter site={site} />);
      const last = [...footer.querySelectorAll("footer nav a")].at(-1);
      expect(last?.textContent).toBe("Contact the bookings team");
      expect(last?.getAttribute("href")).toBe(BOOKINGS_TEAM_HELP.href);
      footer.remove();
    }
  });
});
