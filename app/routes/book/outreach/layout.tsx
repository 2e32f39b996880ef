import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { FlowLayoutError, flowLayoutErrorTitle } from "../../../components/booking/association-required";
import { guards } from "../../../guards";
import { requireOutreach } from "../../../outreach/basket.server";
import { pageTitle } from "../../../shell/meta";

export const middleware: Route.MiddlewareFunction[] = guards("outreach");

// A loader makes the guard run on client navigations too, not only for documents. It also
// answers 403 for a user who cannot book yet, so this layout's boundary explains why.
export function loader({ context }: Route.LoaderArgs) {
  requireOutreach(context);
  return null;
}

export default function OutreachLayout() {
  return <Outlet />;
}

// Only used when this layout's error boundary shows; the steps have their own titles.
export const meta: Route.MetaFunction = ({ matches, error }) => (error ? pageTitle(matches, flowLayoutErrorTitle(error)) : []);

// The outreach guard's 403 for a user without an approved association: how to get approved.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <FlowLayoutError error={error} />;
}
