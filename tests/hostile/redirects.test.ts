import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream, UNSAFE_SingleFetchRedirectSymbol as SingleFetchRedirectSymbol } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, logIn, ROOT } from "../../scripts/support/production-server.ts";
import { EVIL_HOST, REDIRECT_PAYLOADS, staysOn } from "../support/redirect-payloads";
import { readRedirectSites, type RedirectSite } from "../support/redirect-sites";
import { rawRequest } from "./support/raw";
import { productionRoutes } from "../support/production-routes";
import { startTarget, type Target } from "./support/server";

// Open redirects (docs/security.md): every parameter that chooses where the site redirects
// is read from the app's source (tests/support/redirect-sites.ts: the calls of the
// same-site redirect function), and each is sent every payload of the corpus
// (tests/support/redirect-payloads.ts) over a socket, as a document request and as React
// Router's .data request of a client navigation, to the production server. Every Location
// the site answers, and every redirect a .data answer tells the browser to follow, must
// resolve to the site's own origin. Then every route is sent the usual names of redirect
// parameters, logged in and not, in case one reads a return path some other way.

/** How to reach a route's redirect: what else its request needs. */
interface Scenario {
  /** A concrete path of the route. */
  path: string;
  /** The methods whose requests carry the session cookie (a logged-in visitor). */
  logged: ("GET" | "POST")[];
  /** The rest of a form its action accepts. */
  form: Record<string, string>;
  /** The document request's Accept header. */
  accept?: string;
  /**
   * For a route answering JSON that the page's script follows (the session time-out's
   * `loginUrl`): where the answer sends the browser, and on after login.
   */
  json?: (body: unknown) => string[];
}

const SCENARIOS: Record<string, Scenario> = {
  // A logged-in visitor to /login is sent on at once; a login post sends the new session on
  // (posted without a session: the action would end the one it came with).
  "routes/login": { path: "/login", logged: ["GET"], form: { ...DEMO } },
  // Without JavaScript the consent form's post is followed back to the page it came from.
  "routes/cookie-consent": { path: "/cookie-consent", logged: [], form: { consent: "accepted" }, accept: "text/html" },
  // The time-out warning's end (posted by its script, answered in JSON): the login page it
  // sends the browser to, and the page that login returns to. Posted without a session, as
  // after a time-out (with one, a session with time left is only told how long it has).
  "routes/session": {
    path: "/session",
    logged: [],
    form: { "session:intent": "end" },
    json: (body) => {
      const loginUrl = String((body as { loginUrl?: unknown }).loginUrl ?? "");
      return [loginUrl, new URL(loginUrl, "http://site.invalid").searchParams.get("redirectTo") ?? ""];
    },
  },
  // The embedded default's stand-in payment page sends the browser back to `return`.
  "routes/hosted-payment": { path: "/hosted-payment/pay-hostile-1", logged: ["GET", "POST"], form: { intent: "pay" } },
};

/** The names return paths usually go by, for the sweep of every route. */
const USUAL_NAMES = ["redirectTo", "returnTo", "return", "returnUrl", "next", "url", "redirect", "continue", "to", "dest", "destination", "callback"];

let target: Target;
let cookie: string;
const { sites, problems } = readRedirectSites(ROOT);

beforeAll(async () => {
  target = await startTarget();
  cookie = await logIn(target.origin);
});
afterAll(() => target?.stop());

interface Answer {
  status: number;
  /** Where the answer sends the browser: a document's Location, or the redirect a .data answer encodes. */
  location: string | null;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** A document request, byte for byte on a socket: the Location header exactly as the site wrote it. */
async function document(method: "GET" | "POST", path: string, options: { cookie?: string; body?: string; accept?: string }): Promise<Answer> {
  const lines = [
    `${method} ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${target.port}`,
    `Accept: ${options.accept ?? "text/html,application/xhtml+xml"}`,
    ...(options.cookie ? [`Cookie: ${options.cookie}`] : []),
    ...(method === "POST"
      ? [`Origin: ${target.origin}`, "Sec-Fetch-Site: same-origin", "Content-Type: application/x-www-form-urlencoded", `Content-Length: ${Buffer.byteLength(options.body ?? "")}`]
      : []),
    "Connection: close",
  ];
  const answer = await rawRequest(target.port, `${lines.join("\r\n")}\r\n\r\n${options.body ?? ""}`);
  return { status: answer.status, location: answer.headers.location ?? null };
}

/** React Router's .data request, as a client navigation or fetcher makes it: the redirect is in the body. */
async function dataRequest(method: "GET" | "POST", path: string, options: { cookie?: string; body?: string }): Promise<Answer> {
  const [pathname, query] = path.split("?");
  const response = await fetch(`${target.origin}${pathname}.data${query ? `?${query}` : ""}`, {
    method,
    redirect: "manual",
    headers: {
      ...(options.cookie ? { Cookie: options.cookie } : {}),
      ...(method === "POST" ? { Origin: target.origin, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    body: method === "POST" ? (options.body ?? "") : undefined,
  });
  let location = response.headers.get("location");
  if ((response.headers.get("content-type") ?? "").includes("text/x-script") && response.body) {
    const decoded = await decodeViaTurboStream(response.body, globalThis);
    await decoded.done;
    const value = decoded.value as Record<string | symbol, unknown> | null;
    // A GET's answer wraps the redirect; an action's is the redirect itself.
    const redirect = (value?.[SingleFetchRedirectSymbol] ?? value) as { redirect?: unknown } | null;
    if (redirect && typeof redirect.redirect === "string") location = redirect.redirect;
  } else {
    await response.body?.cancel();
  }
  return { status: response.status, location };
}

/** A post whose JSON answer names where the page's script goes next: each place it names is an answer's location. */
async function jsonPost(scenario: Scenario, site: RedirectSite, payload: string): Promise<Answer & { locations: string[] }> {
  const response = await fetch(`${target.origin}${scenario.path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: target.origin, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded" },
    body: form({ ...scenario.form, [site.name]: payload }),
  });
  const locations = response.ok ? scenario.json!(await response.json()) : [];
  return { status: response.status, location: locations[0] ?? null, locations };
}

/** Runs the requests a few at a time: the corpus is hundreds of requests per parameter. */
async function inTurn<T>(items: readonly T[], work: (item: T) => Promise<void>, width = 4): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

/** The requests that put `payload` in the site's parameter: by the method(s) that read it, as a document and as .data. */
function attacks(site: RedirectSite, scenario: Scenario, payload: string) {
  if (scenario.json) return [{ kind: "POST json", send: () => jsonPost(scenario, site, payload) }];
  const methods: ("GET" | "POST")[] = site.in === "form" || site.within === "action" ? ["POST"] : site.within === "loader" ? ["GET"] : ["GET", "POST"];
  const query = site.in === "query" ? `?${form({ [site.name]: payload })}` : "";
  return methods.flatMap((method) => {
    const body = method === "POST" ? form({ ...scenario.form, ...(site.in === "form" ? { [site.name]: payload } : {}) }) : undefined;
    const options = { body, cookie: scenario.logged.includes(method) ? cookie : undefined };
    return [
      { kind: `${method} document`, send: () => document(method, `${scenario.path}${query}`, { ...options, accept: scenario.accept }) },
      { kind: `${method} .data`, send: () => dataRequest(method, `${scenario.path}${query}`, options) },
    ];
  });
}

describe("every redirect parameter keeps the browser on the site", () => {
  it("finds the parameters in the app's source, and none it cannot trace", () => {
    expect(problems).toEqual([]);
    expect(sites.map((s) => `${s.routeId} ${s.in} ${s.name}`)).toEqual(
      expect.arrayContaining(["routes/login query redirectTo", "routes/login form redirectTo", "routes/cookie-consent form returnTo", "routes/hosted-payment query return"]),
    );
  });

  it("knows how to reach every one (a new redirect parameter needs its scenario here)", () => {
    expect(sites.filter((s) => !SCENARIOS[s.routeId]).map((s) => s.at)).toEqual([]);
  });

  it.each(sites.map((s) => [`${s.routeId} (${s.in} ${s.name}, ${s.at})`, s] as const))("%s", async (_name, site) => {
    const scenario = SCENARIOS[site.routeId]!;
    const counts = new Map<string, number>();
    const offSite: string[] = [];
    const unjudged: string[] = [];
    let redirects = 0;
    const requests = REDIRECT_PAYLOADS.flatMap((payload) => attacks(site, scenario, payload).map((attack) => ({ payload, ...attack })));
    await inTurn(requests, async ({ payload, kind, send }) => {
      const answer = await send();
      counts.set(`${kind} ${answer.status}`, (counts.get(`${kind} ${answer.status}`) ?? 0) + 1);
      expect(answer.status, `${kind} ${JSON.stringify(payload)}`).toBeGreaterThan(0);
      expect(answer.status, `${kind} ${JSON.stringify(payload)}`).toBeLessThan(500);
      if (answer.location === null) {
        // A document post is always answered by a redirect (to a fallback at worst), a JSON one by where to go: each payload was judged.
        if (kind.endsWith("document") || kind.endsWith("json")) unjudged.push(`${kind} ${JSON.stringify(payload)}: ${answer.status}`);
        return;
      }
      redirects++;
      const locations = "locations" in answer ? (answer.locations as string[]) : [answer.location];
      for (const location of locations) if (!staysOn(target.origin, location)) offSite.push(`${kind} ${JSON.stringify(payload)} → ${location}`);
    });
    console.log(`${site.routeId} ${site.in} ${site.name}: ${requests.length} requests (${REDIRECT_PAYLOADS.length} payloads), ${redirects} redirects, ${offSite.length} off-site; ${[...counts].map(([k, n]) => `${k}: ${n}`).join(", ")}`);
    expect(unjudged).toEqual([]);
    expect(offSite).toEqual([]);
  });
});

describe("no route redirects off-site on a return parameter of the usual names", () => {
  const routes = productionRoutes().filter((r) => r.hasPage);
  const concrete = (template: string) => template.replace(/\/:\w+\?/g, "").replace(/:\w+/g, "x1").replace(/\*$/, "x1");
  const payloads = ["/.//" + EVIL_HOST + "/x", "//" + EVIL_HOST, "https://" + EVIL_HOST, "/%2e%2e//" + EVIL_HOST];

  it(`GET every page route (${routes.length}) with ${USUAL_NAMES.length} names × ${payloads.length} payloads, logged in and not`, async () => {
    const requests = routes.flatMap((route) =>
      payloads.flatMap((payload) => [undefined, "logged-in"].map((who) => ({ route, payload, who }))));
    const offSite: string[] = [];
    let redirects = 0;
    await inTurn(requests, async ({ route, payload, who }) => {
      const query = form(Object.fromEntries(USUAL_NAMES.map((name) => [name, payload])));
      const answer = await document("GET", `${concrete(route.template)}?${query}`, { cookie: who ? cookie : undefined });
      expect(answer.status, `${route.template} ${who ?? "anonymous"} ${payload}`).toBeLessThan(500);
      if (answer.location === null) return;
      redirects++;
      if (!staysOn(target.origin, answer.location)) offSite.push(`${route.template} (${who ?? "anonymous"}) ${payload} → ${answer.location}`);
    });
    console.log(`${requests.length} requests, ${redirects} redirects, ${offSite.length} off-site`);
    expect(offSite).toEqual([]);
  });
});
