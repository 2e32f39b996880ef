import { resolve } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler, createStaticRouter, isRouteErrorResponse, RouterContextProvider, StaticRouterProvider, useActionData,
  useLoaderData, useMatches, useParams, useRouteError, type RouteObject, type StaticHandlerContext,
} from "react-router";
import { Window } from "happy-dom";
import routeConfig from "../../app/routes";
import { StoresProvider } from "../../app/state/stores";

// The app's route modules (app/routes.ts, from source) answered the way React Router's
// server answers them — middleware (guards included), then the action, then the loaders
// — with the page rendered on the server as a browser without JavaScript gets it. For
// tests at loader and action level that also look at what the pages say, against the
// embedded default's backend (the test starts it: mocks/server.ts). Not rendered: the
// root's document shell (head, header and footer), which needs the production build.

const APP = resolve(import.meta.dirname, "../../app");
export const HARNESS_ORIGIN = "http://localhost";

interface RouteModule {
  middleware?: RouteObject["middleware"];
  loader?: RouteObject["loader"];
  action?: RouteObject["action"];
  default?: ComponentType<Record<string, unknown>>;
  ErrorBoundary?: ComponentType<Record<string, unknown>>;
}

/** A route module's page with the props framework mode gives it (Route.ComponentProps). */
function routed(Page: ComponentType<Record<string, unknown>>) {
  return function RoutedPage() {
    return <Page loaderData={useLoaderData()} actionData={useActionData()} params={useParams()} matches={useMatches()} />;
  };
}

function routedBoundary(Boundary: ComponentType<Record<string, unknown>>) {
  return function RoutedBoundary() {
    return <Boundary error={useRouteError()} params={useParams()} />;
  };
}

/** The modules of app/routes.ts as data routes (middleware is read before a route matches, so they are loaded first). */
async function dataRoutes(entries: readonly RouteConfigEntry[]): Promise<RouteObject[]> {
  return Promise.all(
    entries.map(async (entry) => {
      const module = (await import(/* @vite-ignore */ resolve(APP, entry.file))) as RouteModule;
      const common = { id: entry.id ?? entry.file.replace(/\.[jt]sx?$/, ""), path: entry.path, caseSensitive: entry.caseSensitive, ...moduleRoute(module) };
      return entry.index ? ({ ...common, index: true } as RouteObject) : ({ ...common, children: await dataRoutes(entry.children ?? []) } as RouteObject);
    }),
  );
}

function moduleRoute(module: RouteModule) {
  return {
    middleware: module.middleware,
    loader: module.loader,
    action: module.action,
    Component: module.default ? routed(module.default) : null,
    ErrorBoundary: module.ErrorBoundary ? routedBoundary(module.ErrorBoundary) : null,
  };
}

let routes: Promise<RouteObject[]> | undefined;
/** The route tree, loaded once per test file. */
function appRoutes(): Promise<RouteObject[]> {
  routes ??= (async () => [
    { id: "root", path: "", ...moduleRoute((await import("../../app/root")) as unknown as RouteModule), children: await dataRoutes(routeConfig) } as RouteObject,
  ])();
  return routes;
}

export interface Page {
  /** The path (and query) asked for. */
  path: string;
  status: number;
  /** Where a redirect points (its path and query), or null. */
  location: string | null;
  /** The route data React Router gave the pages, by route id (null for a redirect). */
  context: StaticHandlerContext | null;
  /** The page as the server renders it, in a DOM to query (null for a redirect). */
  document: Document | null;
}

/**
 * A browser of its own (a cookie jar) against the app in this process: GETs and same-site
 * form posts, each answered by React Router's static handler as the server answers them.
 */
export async function createHarness() {
  const handler = createStaticHandler(await appRoutes());
  const cookies = new Map<string, string>();
  const window = new Window({ url: HARNESS_ORIGIN });

  function keepCookies(response: Response) {
    for (const line of response.headers.getSetCookie()) keepCookie(line);
  }

  /** One Set-Cookie line into the jar (every path and attribute ignored: the tests stay on one site). */
  function keepCookie(line: string) {
    const [pair = ""] = line.split(";");
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq).trim();
    if (/max-age=0|expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
    else cookies.set(name, pair.slice(eq + 1).trim());
  }

  function render(context: StaticHandlerContext): Document {
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(
      <StoresProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </StoresProvider>,
    );
    const document = new window.DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, "text/html");
    return document as unknown as Document;
  }

  async function send(path: string, form?: Record<string, string | readonly string[]>): Promise<Page> {
    const headers = new Headers();
    if (cookies.size > 0) headers.set("Cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    let body: URLSearchParams | undefined;
    if (form) {
      body = new URLSearchParams();
      for (const [name, value] of Object.entries(form)) for (const v of typeof value === "string" ? [value] : value) body.append(name, v);
      headers.set("Content-Type", "application/x-www-form-urlencoded");
      headers.set("Origin", HARNESS_ORIGIN);
      headers.set("Sec-Fetch-Site", "same-origin");
    }
    const request = new Request(new URL(path, HARNESS_ORIGIN), { method: form ? "POST" : "GET", headers, body });
    let context: StaticHandlerContext | null = null;
    const response = await handler.query(request, {
      requestContext: new RouterContextProvider(),
      generateMiddlewareResponse: async (query) => {
        const result = await query(request);
        if (result instanceof Response) return result;
        context = result;
        return new Response(null, { status: result.statusCode });
      },
    });
    if (!(response instanceof Response)) throw new Error("The static handler answered without middleware");
    keepCookies(response);
    // A redirect within the site, as its path (and query).
    const location = response.headers.get("Location")?.replace(/^http:\/\/localhost(?=\/)/, "") ?? null;
    if (location || !context) return { path, status: response.status, location, context: null, document: null };
    const errors = Object.values((context as StaticHandlerContext).errors ?? {});
    for (const error of errors) if (!isRouteErrorResponse(error)) throw error;
    return { path, status: response.status, location: null, context, document: render(context) };
  }

  async function follow(first: Page | Promise<Page>): Promise<Page> {
    let page = await first;
    for (let hops = 0; page.location; hops++) {
      if (hops === 5) throw new Error(`Too many redirects, the last to ${page.location}`);
      page = await send(page.location);
    }
    return page;
  }

  return {
    /** A page, as a link or the address bar asks for it. */
    get: (path: string) => send(path),
    /** A form post, as the browser sends it without JavaScript. */
    post: (path: string, form: Record<string, string | readonly string[]>) => send(path, form),
    /** A page, following redirects (at most 5) as the browser does. */
    open: (path: string) => follow(send(path)),
    /**
     * Submits the form of the button named `button` as the browser does without JavaScript:
     * its fields as the page shows them, the button's own name and value, then `changes`
     * (a field's new value or values; null leaves it out), posted to the form's action.
     */
    submit(page: Page, button: string | RegExp, changes: Record<string, string | readonly string[] | null> = {}): Promise<Page> {
      const { action, fields } = formOf(page, button);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null) fields.delete(name);
        else fields.set(name, typeof value === "string" ? [value] : [...value]);
      }
      return send(action, Object.fromEntries(fields));
    },
    /** Follows a redirect (at most 5), as the browser does. */
    follow: (page: Page | Promise<Page>) => follow(page),
    /** Keeps a cookie a response of the site would set (a Set-Cookie header's value). */
    setCookie: keepCookie,
    close: () => window.close(),
  };
}

export type Harness = Awaited<ReturnType<typeof createHarness>>;

/** The form of a button, serialised as a browser does it (successful controls only). */
function formOf(page: Page, button: string | RegExp): { action: string; fields: Map<string, string[]> } {
  const named = (b: Element) => (typeof button === "string" ? b.textContent?.trim() === button : button.test(b.textContent?.trim() ?? ""));
  const submit = [...(page.document?.querySelectorAll("button") ?? [])].find(named);
  const form = submit?.closest("form");
  if (!submit || !form) throw new Error(`No form with a button ${String(button)} on ${page.path}`);
  const fields = new Map<string, string[]>();
  const add = (name: string | null, value: string) => {
    if (name) fields.set(name, [...(fields.get(name) ?? []), value]);
  };
  for (const control of form.querySelectorAll("input, select, textarea")) {
    const name = control.getAttribute("name");
    if (control.hasAttribute("disabled")) continue;
    if (control.tagName === "SELECT") {
      const options = [...control.querySelectorAll("option")];
      const chosen = options.find((o) => o.hasAttribute("selected")) ?? options[0];
      if (chosen) add(name, chosen.getAttribute("value") ?? chosen.textContent ?? "");
    } else if (control.tagName === "TEXTAREA") add(name, control.textContent ?? "");
    else {
      const type = control.getAttribute("type") ?? "text";
      if (type === "submit" || type === "button" || type === "reset") continue;
      if ((type === "checkbox" || type === "radio") && !control.hasAttribute("checked")) continue;
      add(name, control.getAttribute("value") ?? (type === "checkbox" || type === "radio" ? "on" : ""));
    }
  }
  add(submit.getAttribute("name"), submit.getAttribute("value") ?? "");
  return { action: form.getAttribute("action") ?? page.path, fields };
}

/** The loader data of one route (by id, e.g. "routes/book/review") of a page. */
export function loaderData<T = Record<string, unknown>>(page: Page, routeId: string): T {
  const data = page.context?.loaderData[routeId];
  if (data === undefined) throw new Error(`No loader data for ${routeId} (status ${page.status}, at ${page.location ?? "the page"})`);
  return data as T;
}
