import type { Route } from "./+types/login-forgot";
import { pageTitle } from "../meta";

// Placeholder: replaced by the registration and search work of issue 3.
export default function Placeholder() {
  return (
    <div className="page narrow">
      <h1>Reset your password</h1>
      <p>This part of the website is coming soon.</p>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Reset your password");
