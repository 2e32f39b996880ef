import { Outlet } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/layout";
import { GROUP_TYPES } from "../../group-types";
import { guards } from "../../guards";
import { validParams } from "../../params";

export const middleware: Route.MiddlewareFunction[] = guards("registration");

const paramsSchema = z.object({ group: z.enum(GROUP_TYPES).optional() });

export function loader({ params }: Route.LoaderArgs) {
  // /registration/{group}/…: a group type that does not exist is a 404.
  return validParams(paramsSchema, params);
}

export default function RegistrationLayout() {
  return <Outlet />;
}
