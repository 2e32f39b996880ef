import type { MetaDescriptor } from "react-router";

interface RootMatchData {
  site?: { title?: string };
}

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** "<page> | <site title from the CMS>" for a route's meta export; `fallback` names the site when the CMS's title is missing. */
export function pageTitle(matches: readonly (MatchLike | undefined)[], page: string, fallback?: string): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootMatchData | undefined;
  const site = root?.site?.title ?? fallback;
  return [{ title: site ? `${page} | ${site}` : page }];
}
