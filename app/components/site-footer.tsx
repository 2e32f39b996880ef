import { Link } from "react-router";
import type { Site } from "../api/cms.server";
import { NewsletterSignup } from "./newsletter-signup";

export function SiteFooter({ site }: { site: Site }) {
  return (
    <footer className="site-footer">
      <NewsletterSignup heading={site.newsletter.heading} body={site.newsletter.body} />
      <nav aria-label="Footer">
        <ul>
          {site.footer.navigation.map((item) => (
            <li key={item.href}>
              <Link to={item.href}>{item.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="legal">{site.footer.legal}</p>
    </footer>
  );
}
