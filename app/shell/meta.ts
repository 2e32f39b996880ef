import type { MetaDescriptor } from "react-router";

interface RootMatchData {
  site?: { title?: string };
}

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** "<page> | <site title from the CMS>" for a route's meta export. */
export function pageTitle(matches: readonly (MatchLike | undefined)[], page: string): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootMatchData | undefined;
  const site = root?.site?.title;
  return [{ title: site ? `${page} | ${site}` : page }];
}
