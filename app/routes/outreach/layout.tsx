import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { guards } from "../../guards";

export const middleware: Route.MiddlewareFunction[] = guards("outreach");

// A loader makes the guard run on client navigations too, not only for documents.
export function loader() {
  return null;
}

export default function OutreachLayout() {
  return <Outlet />;
}
