import type { Route } from "./+types/review";
import { pageTitle } from "../../meta";

// Placeholder: replaced by the registration and search work of issue 3.
export default function Placeholder() {
  return (
    <div className="page narrow">
      <h1>Check and submit your registration</h1>
      <p>This part of the website is coming soon.</p>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Check and submit your registration");
