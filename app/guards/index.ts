import { data, type MiddlewareFunction } from "react-router";
import { auth } from "./auth";
import { booking } from "./booking";
import { datalayer } from "./datalayer";
import { loginRequired } from "./login-required";
import { outreach } from "./outreach";
import { registration } from "./registration";
import { theme } from "./theme";

/** The spec's named guards. Routes attach them by name with `guards(...)`. */
export const guardRegistry = {
  theme,
  auth,
  booking,
  datalayer,
  loginRequired,
  outreach,
  registration,
} satisfies Record<string, MiddlewareFunction<Response>>;

export type GuardName = keyof typeof guardRegistry;

function unknownGuard(name: string): MiddlewareFunction<Response> {
  return () => {
    throw data(`Unknown middleware ${name}`, { status: 500 });
  };
}

/**
 * Resolves guard names to middleware, in order. A typo is a type error; a name that gets
 * past the types (plain JavaScript, a cast) still fails the request with 500 "Unknown
 * middleware <name>" when it runs, as the requirements ask, rather than breaking the whole
 * server at import.
 */
export function guards(...names: GuardName[]): MiddlewareFunction<Response>[] {
  return names.map((name) =>
    Object.hasOwn(guardRegistry, name) ? guardRegistry[name as GuardName] : unknownGuard(name),
  );
}
