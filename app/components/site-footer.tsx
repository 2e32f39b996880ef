import { Link } from "./link";
import { NewsletterSignup } from "./newsletter-signup";
import { BOOKINGS_TEAM_HELP } from "../shell/help";
import type { Link as CmsLink, Site } from "../../generated/schemas";

/** The accessibility statement (routes/accessibility.tsx): linked on every page, whatever the CMS's footer holds. */
export const ACCESSIBILITY_STATEMENT = { label: "Accessibility statement", href: "/accessibility" } as const;

const isHelp = (item: CmsLink) => item.href === BOOKINGS_TEAM_HELP.href || item.label === BOOKINGS_TEAM_HELP.label;

/**
 * The footer's links: the CMS's, with the accessibility statement first if the CMS lacks
 * it, and the bookings team's help always last (app/shell/help.ts; WCAG 3.2.6), in place of
 * the CMS's own link to it wherever the CMS puts it. Without the CMS (it is down) the
 * statement and the help stay, in the same order.
 */
export function footerLinks(site: Site | undefined): CmsLink[] {
  const cmsLinks = (site?.footer.navigation ?? []).filter((item) => !isHelp(item));
  const statement = cmsLinks.some((item) => item.href === ACCESSIBILITY_STATEMENT.href) ? [] : [ACCESSIBILITY_STATEMENT];
  return [...statement, ...cmsLinks, BOOKINGS_TEAM_HELP];
}

/** The site footer; without the CMS's site content (e.g. when the CMS is down) only the statement and help links. */
export function SiteFooter({ site }: { site?: Site | undefined }) {
  const navigation = footerLinks(site);
  return (
    <footer className="site-footer">
      {site ? <NewsletterSignup heading={site.newsletter.heading} body={site.newsletter.body} /> : null}
      <nav aria-label="Footer">
        <ul>
          {navigation.map((item) => (
            <li key={item.href}>
              <Link to={item.href}>{item.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      {site ? <p className="legal">{site.footer.legal}</p> : null}
    </footer>
  );
}
