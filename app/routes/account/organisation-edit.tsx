import type { Route } from "./+types/organisation-edit";
import { pageTitle } from "../../meta";

// Placeholder: replaced by the registration and search work of issue 3.
export default function Placeholder() {
  return (
    <div className="page narrow">
      <h1>Edit your organisation</h1>
      <p>This part of the website is coming soon.</p>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Edit your organisation");
