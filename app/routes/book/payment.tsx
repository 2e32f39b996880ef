import type { Route } from "./+types/payment";
import { pageTitle } from "../../meta";

// Placeholder: replaced by the visit booking work of issue 4.
export default function Placeholder() {
  return (
    <div className="page narrow">
      <h1>Payment</h1>
      <p>This part of the website is coming soon.</p>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Payment");
