import { data, isRouteErrorResponse, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { isAssociationRequired } from "../../booking/access";
import { AssociationRequiredPage } from "../../components/booking/association-required";
import { describeError, ErrorPage } from "../../components/error-page";
import { guards } from "../../guards";
import { outreachBlockedContext } from "../../guards/outreach";
import { pageTitle } from "../../meta";

export const middleware: Route.MiddlewareFunction[] = guards("outreach");

// A loader makes the guard run on client navigations too, not only for documents. It also
// answers 403 for a user who cannot book yet, so this layout's boundary explains why.
export function loader({ context }: Route.LoaderArgs) {
  const blocked = context.get(outreachBlockedContext);
  if (blocked) throw data(blocked, { status: 403 });
  return null;
}

export default function OutreachLayout() {
  return <Outlet />;
}

// The outreach guard's 403 for a user without an approved association: how to get approved.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && isAssociationRequired(error.data)) return <AssociationRequiredPage problem={error.data} />;
  return <ErrorPage error={error} />;
}

// Only used when this layout's error boundary shows; the steps have their own titles.
export const meta: Route.MetaFunction = ({ matches, error }) => {
  if (!error) return [];
  if (isRouteErrorResponse(error) && isAssociationRequired(error.data)) return pageTitle(matches, "Get approved to book");
  return pageTitle(matches, describeError(error).message);
};
