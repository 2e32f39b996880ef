import { Link } from "react-router";
import type { Route } from "./+types/coming-soon";
import { pageTitle } from "../meta";

// Routed, guarded and titled now; the booking and outreach issues replace these one by one.
const titles: Record<string, string> = {
  outreach: "Book an outreach visit",
  "outreach/activities": "Choose outreach sessions",
  "outreach/advisories": "Before we visit",
  "outreach/questions": "About your school",
  "outreach/schedule": "Choose a date and times",
  "outreach/terms": "Outreach terms",
  "outreach/summary": "Check your outreach booking",
  "outreach/payment": "Payment",
  "outreach/confirmation": "Outreach request sent",
};

export function titleFor(routeId: string | undefined): string {
  return (routeId && titles[routeId]) || "Coming soon";
}

export default function ComingSoon({ matches }: Route.ComponentProps) {
  const title = titleFor(matches.at(-1)?.id);
  return (
    <div className="page narrow">
      <h1>{title}</h1>
      <p>This part of the website is coming soon. Meanwhile, please call our bookings team or email us.</p>
      <p>
        <Link to="/account">Go to your account</Link>
      </p>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, titleFor(matches.at(-1)?.id));
