import { Link } from "react-router";
import { NewsletterSignup } from "./newsletter-signup";
import type { Site } from "../../generated/schemas";

/** The accessibility statement (routes/accessibility.tsx): linked on every page, whatever the CMS's footer holds. */
export const ACCESSIBILITY_STATEMENT = { label: "Accessibility statement", href: "/accessibility" } as const;

/** The site footer; without the CMS's site content (e.g. when the CMS is down) only the statement link. */
export function SiteFooter({ site }: { site?: Site | undefined }) {
  const cmsLinks = site?.footer.navigation ?? [];
  const navigation = cmsLinks.some((item) => item.href === ACCESSIBILITY_STATEMENT.href) ? cmsLinks : [ACCESSIBILITY_STATEMENT, ...cmsLinks];
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
