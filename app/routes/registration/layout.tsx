import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { guards } from "../../guards";
import { validParams } from "../../forms/params";
import { registrationParamsSchema } from "../../registration/params.server";

export const middleware: Route.MiddlewareFunction[] = guards("registration");

export function loader({ params }: Route.LoaderArgs) {
  // /registration/{group}/…: a group type that does not exist is a 404 (the only place that says so).
  return validParams(registrationParamsSchema, params);
}

export default function RegistrationLayout() {
  return <Outlet />;
}
