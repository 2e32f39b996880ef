import type { MiddlewareFunction } from "react-router";
import { themeContext, type Theme } from "../session/context";

const sections: [prefix: string, theme: Theme][] = [
  ["/account/book/outreach", "outreach"],
  ["/account/book", "booking"],
  ["/account", "account"],
  ["/registration", "registration"],
];

export function themeFor(pathname: string): Theme {
  return sections.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`))?.[1] ?? "default";
}

/** Picks the section's colour theme, rendered as data-theme on <html>. */
export const theme: MiddlewareFunction<Response> = ({ url, context }) => {
  context.set(themeContext, themeFor(url.pathname));
};
