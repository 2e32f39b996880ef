import type { Route } from "./+types/user-edit";
import { pageTitle } from "../../meta";

// Placeholder: replaced by the registration and search work of issue 3.
export default function Placeholder() {
  return (
    <div className="page narrow">
      <h1>Your details</h1>
      <p>This part of the website is coming soon.</p>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Your details");
