import { createSite } from "./cms-content";
import { createGroupTypes, createRegistrationTerms } from "./cms-registration";
import type { Backend } from "./index";
import { paramReaders, type Params } from "./provider-state-support";

// Provider states of the CMS's content (specified for provider teams in
// pacts/provider-states.json): the site furniture, pages, group types and the terms in
// force. provider-states.ts lists them with the others and hands them here.

export const CMS_PROVIDER_STATES = [
  "the CMS has published site content",
  "the CMS has a home page",
  "no CMS page has slug {slug}",
  "the CMS has published group types",
  "the CMS has published {termsKind} terms",
  "the registration terms in force are version {version}",
] as const;

export type CmsProviderStateName = (typeof CMS_PROVIDER_STATES)[number];

export function isCmsProviderState(name: string): name is CmsProviderStateName {
  return (CMS_PROVIDER_STATES as readonly string[]).includes(name);
}

export function applyCmsProviderState(backend: Backend, state: CmsProviderStateName, params: Params): Record<string, unknown> {
  const s = backend.state;
  const { required } = paramReaders(state, params);

  switch (state) {
    case "the CMS has published site content":
      // The seeded site furniture (title, navigation, cookie notice, newsletter blurb).
      s.site = createSite();
      return { title: s.site.title };

    case "the CMS has a home page":
      if (!s.pages.has("home")) throw new Error("The seeded CMS has no home page");
      return { slug: "home" };

    case "no CMS page has slug {slug}": {
      const slug = required("slug");
      s.pages.delete(slug);
      return { slug };
    }

    case "the CMS has published group types":
      s.groupTypes = createGroupTypes();
      return { count: s.groupTypes.length };

    case "the CMS has published {termsKind} terms": {
      const kind = required("termsKind");
      if (!s.currentTerms.has(kind)) throw new Error(`The seeded CMS has no ${kind} terms`);
      return { termsKind: kind, version: s.currentTerms.get(kind)!.version };
    }

    case "the registration terms in force are version {version}": {
      // The gateway accepts a registration only under the terms in force (the CMS's current version).
      const version = required("version");
      s.currentTerms.set("registration", { ...createRegistrationTerms(), version });
      return { version };
    }
  }
}
