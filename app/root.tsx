import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { getSite } from "./api/cms.server";
import { succeeded } from "./api/result.server";
import { CookieNotice } from "./components/cookie-notice";
import { DataLayer } from "./components/data-layer";
import { EnvironmentBanner } from "./components/environment-banner";
import { describeError, ErrorPage } from "./components/error-page";
import { LoadingBar } from "./components/loading-bar";
import { NavigationStatus } from "./components/navigation-status";
import { RouteFocus } from "./components/route-focus";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { SessionTimeout } from "./components/session-timeout";
import { TagManager } from "./components/tag-manager";
import { config } from "./runtime/config.server";
import { dataLayerContext, servicesContext, themeContext, userContext } from "./session/context";
import { readConsent } from "./shell/cookie-consent.server";
import { formPostsOnly } from "./forms/form-posts.server";
import { guards } from "./guards";
import { servicesMiddleware } from "./session/services.server";
import { sessionStatus } from "./session/timeout.server";
import { StoresProvider } from "./state/stores";
import stylesheet from "./styles/app.css?url";
import { sanitizeRichText } from "./shell/rich-text.server";
import { securityMiddleware } from "./security/middleware.server";
import { cacheControlMiddleware } from "./shell/cache-control.server";
import { useNonce } from "./security/nonce";
import { pageTitle } from "./shell/meta";
import { tagManagerFor } from "./shell/tracking.server";
import { isPrivateUrl } from "./shell/private-url";
import { ZOD_JITLESS_SCRIPT } from "./forms/zod-jitless";

export const middleware: Route.MiddlewareFunction[] = [
  cacheControlMiddleware,
  securityMiddleware,
  formPostsOnly,
  servicesMiddleware,
  ...guards("theme", "auth", "datalayer"),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { cms } = context.get(servicesContext);
  const user = context.get(userContext);
  const site = succeeded(await getSite(cms));
  return {
    site: { ...site, cookieNotice: { ...site.cookieNotice, body: sanitizeRichText(site.cookieNotice.body) } },
    // Only what the shell shows: no token, no contact details.
    userName: user ? user.firstName : null,
    // When the session ends, for the time-out warning (ADR 35); nothing for an anonymous visitor.
    session: user ? sessionStatus(context) : null,
    theme: context.get(themeContext),
    dataLayer: context.get(dataLayerContext),
    consent: await readConsent(request),
    gtmId: tagManagerFor(request, config.gtmId),
    environmentLabel: config.isProduction ? null : config.environmentLabel,
    // Public by design: a search-only key. hosts null means the embedded default (this origin).
    search: {
      appId: config.search.appId,
      apiKey: config.search.apiKey,
      indexName: config.search.indexName,
      hosts: config.search.hosts,
    },
  };
}

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  // A page whose URL holds a secret tells neither the tag manager nor the data layer (entry.server.tsx's CSP agrees).
  const tracked = !isPrivateUrl(useMatches().map((m) => m.handle));
  return (
    <html lang="en-GB" data-theme={data?.theme ?? "default"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links nonce={nonce} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS_SCRIPT }} />
        {data?.dataLayer && tracked ? <DataLayer page={data.dataLayer} nonce={nonce} /> : null}
        {data?.gtmId && tracked ? <TagManager gtmId={data.gtmId} consent={data.consent} nonce={nonce} /> : null}
      </head>
      <body>
        <StoresProvider>
          <a href="#main" className="skip-link">
            Skip to main content
          </a>
          {data && !data.consent ? <CookieNotice notice={data.site.cookieNotice} /> : null}
          <LoadingBar />
          <NavigationStatus />
          <RouteFocus />
          {data?.environmentLabel ? <EnvironmentBanner label={data.environmentLabel} /> : null}
          {data ? (
            <SiteHeader title={data.site.title} navigation={data.site.header.navigation} userName={data.userName} />
          ) : null}
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter site={data?.site} />
          {data?.session?.signedIn ? <SessionTimeout status={data.session} /> : null}
        </StoresProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** The site's name when the CMS cannot say it (its site data is what failed). */
const SITE_NAME = "Group visits";

// A page's own meta titles it "<page> | <site>" (app/shell/meta.ts); an error page shown by
// this boundary says what happened (WCAG 2.4.2), e.g. "This page could not be found | Group visits".
export const meta: Route.MetaFunction = ({ loaderData, error, matches }) =>
  error ? pageTitle(matches, describeError(error).message, SITE_NAME) : [{ title: loaderData?.site.title ?? SITE_NAME }];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
