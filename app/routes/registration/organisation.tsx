import type { Route } from "./+types/organisation";
import { pageTitle } from "../../meta";

// Placeholder: replaced by the registration and search work of issue 3.
export default function Placeholder() {
  return (
    <div className="page narrow">
      <h1>Find your organisation</h1>
      <p>This part of the website is coming soon.</p>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Find your organisation");
