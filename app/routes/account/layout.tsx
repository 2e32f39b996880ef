import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { guards } from "../../guards";
import { restorePendingForm } from "../../session/restore-form.server";

// After the guard: what a user had typed when their session timed out, given back to its
// page once they are logged in again (ADR 35).
export const middleware: Route.MiddlewareFunction[] = [...guards("loginRequired"), restorePendingForm];

// A loader makes the guard run on client navigations too, not only for documents.
export function loader() {
  return null;
}

export default function AccountLayout() {
  return <Outlet />;
}
