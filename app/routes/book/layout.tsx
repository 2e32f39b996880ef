import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireBooking } from "../../booking/basket.server";
import { FlowLayoutError, flowLayoutErrorTitle } from "../../components/booking/association-required";
import { guards } from "../../guards";
import { pageTitle } from "../../shell/meta";

export const middleware: Route.MiddlewareFunction[] = guards("booking");

// A loader makes the guard run on client navigations too, not only for documents. It also
// answers 403 for a user who cannot book yet, so this layout's boundary explains why.
export function loader({ context }: Route.LoaderArgs) {
  requireBooking(context);
  return null;
}

export default function BookingLayout() {
  return <Outlet />;
}

// Only used when this layout's error boundary shows; the steps have their own titles.
export const meta: Route.MetaFunction = ({ matches, error }) => (error ? pageTitle(matches, flowLayoutErrorTitle(error)) : []);

// The booking guard's 403 for a user without an approved association: how to get approved.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <FlowLayoutError error={error} />;
}
