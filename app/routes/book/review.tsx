import type { Route } from "./+types/review";
import { pageTitle } from "../../meta";

// Placeholder: replaced by the visit booking work of issue 4.
export default function Placeholder() {
  return (
    <div className="page narrow">
      <h1>Check your booking</h1>
      <p>This part of the website is coming soon.</p>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Check your booking");
