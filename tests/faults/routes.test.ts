import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SCHEMA_DOCUMENTS, type Service } from "../../app/api/validation.server";
import { organisationFormValues } from "../../app/organisations/organisation-form";
import { DEMO_USER } from "../../mocks/backend";
import { startApp, type App } from "./support/app";
import { FAULTS, expectedMessage, faultHandler, type Fault } from "./support/faults";
import { FAULT_ORIGINS } from "./support/paths";
import { ResultTable } from "./support/table";

// The main routes of the production server build, each with the backend operation it
// depends on answering with each fault (GATEWAY_TIMEOUT_MS is 150 here, below the 5 s
// delay). Loaders must answer the error page with its status and a message; actions
// must answer their form again with that status, the message and what was typed (an
// upstream failure is a value every action shows: docs/decisions/0021-failures-as-values-and-reads-without-effects.md);
// and the server must answer the same route normally straight after.

interface RouteCase {
  name: string;
  /** The operation the fault is injected into. */
  service: Service;
  operationId: string;
  /** Logged in as the demo teacher. */
  session: boolean;
  /** Prepares the backend (a basket at review) and returns the request (and a fresh session, if it made one). */
  request: (app: App, cookie: string) => Promise<{ path: string; form?: Record<string, string>; cookie?: string }>;
  /** "page": the error page; "inline": the form again, with these typed values in it. */
  expect: { kind: "page" } | { kind: "inline"; kept: string[] };
  /** What the same request answers when sent again straight after the fault. */
  healthy: number[];
}

const REVIEW_BASKET = "b-faults-review";
/** The app's GATEWAY_TIMEOUT_MS here (the lowest it accepts is 100). */
const TIMEOUT_MS = 150;

/** The review form's hidden fields, read from the page (as a browser would submit them). */
async function reviewForm(app: App, cookie: string): Promise<Record<string, string>> {
  const page = await app.request("/account/book/review", { cookie });
  const html = await page.text();
  expect(page.status, html.slice(0, 500)).toBe(200);
  const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";
  return {
    basketId: hidden("basketId"), idempotencyKey: hidden("idempotencyKey"), termsVersion: hidden("termsVersion"),
    expectedTotal: hidden("expectedTotal"), acceptTerms: "on",
  };
}

/** Login attempts so far: each uses its own address (see the login action's row). */
let loginAttempts = 0;

const ROUTES: RouteCase[] = [
  { name: "home (site shell)", service: "cms", operationId: "getSite", session: false, request: async () => ({ path: "/" }), expect: { kind: "page" }, healthy: [200] },
  { name: "home (page content)", service: "cms", operationId: "getPage", session: false, request: async () => ({ path: "/" }), expect: { kind: "page" }, healthy: [200] },
  {
    name: "login action", service: "gateway", operationId: "login", session: false,
    // A new address each time, so the gateway's own per-email limit on failed logins never
    // answers the retry: the retry must be refused as a wrong password.
    request: async () => ({ path: "/login", form: { email: `typed.by.hand+${++loginAttempts}@example.org`, password: "not-kept", redirectTo: "/account" } }),
    expect: { kind: "inline", kept: ["EMAIL"] }, healthy: [401],
  },
  { name: "account (auth guard)", service: "gateway", operationId: "getCurrentUser", session: true, request: async () => ({ path: "/account" }), expect: { kind: "page" }, healthy: [200] },
  { name: "account overview", service: "gateway", operationId: "listMyAssociations", session: true, request: async () => ({ path: "/account" }), expect: { kind: "page" }, healthy: [200] },
  { name: "orders", service: "gateway", operationId: "listOrders", session: true, request: async () => ({ path: "/account/orders" }), expect: { kind: "page" }, healthy: [200] },
  {
    name: "order", service: "gateway", operationId: "getOrder", session: true,
    request: async (app) => {
      const [order] = app.embedded.backend.listOrders(demoUserId(app), { when: "upcoming" }).items;
      return { path: `/account/orders/${order?.id ?? "missing"}` };
    },
    expect: { kind: "page" }, healthy: [200],
  },
  {
    name: "user edit action", service: "gateway", operationId: "updateCurrentUser", session: true,
    request: async () => ({ path: "/account/user/edit", form: { title: "Dr", firstName: "Typed-First", lastName: "Typed-Last", phone: "0113 496 0000", jobTitle: "Head of trips" } }),
    // Saved, the page is drawn again by a request of its own (ADR 32).
    expect: { kind: "inline", kept: ['value="Typed-First"', 'value="Typed-Last"', 'value="Head of trips"'] }, healthy: [302],
  },
  {
    name: "newsletter action", service: "gateway", operationId: "subscribeToNewsletter", session: false,
    request: async () => ({ path: "/newsletter", form: { email: "kept@example.org", consent: "yes" } }),
    expect: { kind: "inline", kept: ['value="kept@example.org"'] }, healthy: [200],
  },
  { name: "booking: date step", service: "gateway", operationId: "getVenueAvailability", session: true, request: async () => ({ path: "/account/book/date" }), expect: { kind: "page" }, healthy: [200] },
  { name: "booking: guard (baskets)", service: "gateway", operationId: "listBaskets", session: true, request: async () => ({ path: "/account/book/date" }), expect: { kind: "page" }, healthy: [200] },
  {
    name: "booking: review checkout", service: "gateway", operationId: "checkoutBasket", session: true,
    request: async (app) => {
      // A fresh backend each time: every retry below books the visit, using up its places.
      const cookie = await resetBackend(app);
      app.embedded.backend.applyProviderState("the demo user has an open visit basket at step {step}", { basketId: REVIEW_BASKET, step: "review" });
      return { path: "/account/book/review", form: await reviewForm(app, cookie), cookie };
    },
    // The same Idempotency-Key stays in the form: selecting the button again books, once.
    expect: { kind: "inline", kept: ["KEY"] }, healthy: [302],
  },
  // Actions that showed the error page while call() threw, and now keep their form.
  {
    name: "organisation edit action", service: "gateway", operationId: "updateOrganisation", session: true,
    // The API Gateway's own 403 is its refusal, not the gateway's "only the lead contact can".
    request: async (app) => {
      const organisation = app.embedded.backend.getOrganisation(DEMO_USER.organisationId);
      if (!organisation) throw new Error("no demo organisation");
      return { path: "/account/organisation/edit", form: { ...organisationFormValues(organisation), name: "Typed-Name Primary School", line2: "Typed-Line Two" } };
    },
    expect: { kind: "inline", kept: ['value="Typed-Name Primary School"', 'value="Typed-Line Two"'] }, healthy: [302],
  },
  {
    name: "order: ask to cancel", service: "gateway", operationId: "requestOrderCancellation", session: true,
    request: async (app) => {
      // A fresh backend each time: the retry below asks to cancel, which can be asked once.
      const cookie = await resetBackend(app);
      const [order] = app.embedded.backend.listOrders(demoUserId(app), { when: "upcoming" }).items.filter((o) => o.kind !== "outreach");
      return { path: `/account/orders/${order?.id ?? "missing"}`, form: { intent: "cancel", reason: "Typed-Reason: the coach company has let us down" }, cookie };
    },
    expect: { kind: "inline", kept: [">Typed-Reason: the coach company has let us down<"] }, healthy: [302],
  },
  {
    name: "password reset action", service: "gateway", operationId: "completePasswordReset", session: false,
    // The API Gateway's own 429 is "busy", not the gateway's "too many attempts". Nothing
    // typed comes back: passwords are never sent to the browser.
    request: async () => ({ path: "/login/reset/no-such-token-1", form: { password: "lantern meadow quiet river", passwordConfirmation: "lantern meadow quiet river" } }),
    expect: { kind: "inline", kept: [] }, healthy: [422],
  },
];

/** The URL React Router's client fetches a route's data from on a navigation. */
const dataPath = (path: string) => (path === "/" ? "/_.data" : `${path}.data`);

/** Resets the backend's state (which ends every session) and logs in again. */
async function resetBackend(target: App): Promise<string> {
  target.embedded.backend.reset();
  cookie = await target.logIn();
  return cookie;
}

function demoUserId(app: App): string {
  const user = [...app.embedded.backend.state.users.values()].find((u) => u.user.email === "teacher@example.org");
  if (!user) throw new Error("no demo user");
  return user.user.id;
}

const table = new ResultTable("Fault injection: routes of the production build × fault (error page, or the form again with what was typed; server answers after)", FAULTS.map((f) => f.name));
let app: App;
let cookie: string;
const logged: string[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
  process.on("unhandledRejection", onUnhandled);
  // Below the injected 5 s delay, so the delay must end as a time-out.
  app = await startApp({ timeoutMs: TIMEOUT_MS });
  cookie = await app.logIn();
});

afterAll(() => {
  process.off("unhandledRejection", onUnhandled);
  app?.close();
  console.log(table.format());
});

describe.each(ROUTES.map((r) => [r.name, r] as const))("%s", (_, route) => {
  const operation = SCHEMA_DOCUMENTS[route.service].operations[route.operationId];
  if (!operation) throw new Error(`no operation ${route.operationId}`);
  const success = Number(Object.keys(operation.responses).find((s) => /^2\d\d$/.test(s)) ?? 200);

  it.each(FAULTS.map((f) => [f.name, f] as const))("%s", async (_, fault: Fault) => {
    let passed = false;
    try {
      const prepared = await route.request(app, route.session ? cookie : "");
      const { path, form } = prepared;
      const session = prepared.cookie ?? (route.session ? cookie : "");
      app.embedded.server.use(faultHandler(FAULT_ORIGINS[route.service], operation.method, operation.path, fault, success));
      const response = await app.request(path, { form, cookie: session });
      const html = await response.text();
      // A client-side navigation (single fetch, `.data`) gets the same status for the error boundary.
      const data = route.expect.kind === "page" ? await app.request(dataPath(path), { cookie: session }) : null;
      app.embedded.server.resetHandlers();
      if (data) expect(data.status, `${dataPath(path)}`).toBe(fault.expected);

      expect(response.status, html.slice(0, 300)).toBe(fault.expected);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
      const message = expectedMessage(route.service, fault).source.slice(1, -1).replace(/\\/g, "");
      expect(html).toContain(message);
      expect(html).not.toMatch(/\n\s+at [\w.<>]+ \(|TypeError|SyntaxError|DOMException/);
      if (route.expect.kind === "page") {
        expect(html).toMatch(new RegExp(`class="error-status">Error (<!-- -->)?${fault.expected}<`));
      } else {
        expect(html).not.toContain('class="error-status"');
        const typed = { KEY: `name="idempotencyKey" value="${form?.idempotencyKey}"`, EMAIL: `value="${form?.email}"` } as Record<string, string>;
        for (const kept of route.expect.kept) expect(html).toContain(typed[kept] ?? kept);
      }

      // The server answers the same request normally straight after (a retry of the form).
      const healthy = await app.request(path, { form, cookie: session });
      expect(route.healthy, `${path} after the fault: ${(await healthy.text()).slice(0, 300)}`).toContain(healthy.status);
      passed = true;
    } finally {
      app.embedded.server.resetHandlers();
      table.record(route.name, fault.name, passed);
    }
  });
});

it("logged only upstream failures (no raw exceptions) and left no unhandled rejection", () => {
  expect(unhandled).toEqual([]);
  expect(logged.filter((line) => !line.startsWith('{"time":') || !line.includes('"msg":"[upstream] '))).toEqual([]);
  expect(logged.length).toBeGreaterThan(0);
});
