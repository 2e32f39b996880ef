import type { Route } from "./+types/schedule";
import { pageTitle } from "../../meta";

// Placeholder: replaced by the visit booking work of issue 4.
export default function Placeholder() {
  return (
    <div className="page narrow">
      <h1>Plan your day</h1>
      <p>This part of the website is coming soon.</p>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Plan your day");
