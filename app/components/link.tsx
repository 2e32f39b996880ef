import { Link as RouterLink, NavLink as RouterNavLink, type LinkProps, type NavLinkProps } from "react-router";
import { usePrefetchAllowed } from "../shell/prefetch";

// The site's links: React Router's Link and NavLink, prefetching the page they lead to (its
// route modules and loader data, React Router's own prefetching) when they come into view,
// once the browser allows it (app/shell/prefetch.ts). A link that reloads the document
// fetches nothing ahead. Every link to a page of the app goes through these.

function prefetchOf(allowed: boolean, props: Pick<LinkProps, "prefetch" | "reloadDocument">): LinkProps["prefetch"] {
  if (!allowed || props.reloadDocument) return "none";
  return props.prefetch ?? "viewport";
}

export function Link(props: LinkProps) {
  const allowed = usePrefetchAllowed();
  return <RouterLink {...props} prefetch={prefetchOf(allowed, props)} />;
}

export function NavLink(props: NavLinkProps) {
  const allowed = usePrefetchAllowed();
  return <RouterNavLink {...props} prefetch={prefetchOf(allowed, props)} />;
}
