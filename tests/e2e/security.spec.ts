import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { createCookie } from "react-router";
import { DEMO, expect, logIn, test } from "./fixtures";

const SESSION_COOKIE = "ticketing_session_qa"; // TICKETING_SESSION_COOKIE's default; no __Host- outside production

/** Parses a CSP header into directive → sources. */
function directives(policy: string | undefined): Map<string, string[]> {
  return new Map(
    (policy ?? "").split(";").map((d) => {
      const [name = "", ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

/**
 * The gateway token inside React Router's signed session cookie: the value is
 * base64(JSON) + "." + signature, URI-encoded. The test reads it from the browser's cookie
 * jar, as nothing in the app exposes it.
 */
function tokenInCookie(value: string): string {
  const signed = decodeURIComponent(value);
  const payload = signed.slice(0, signed.lastIndexOf("."));
  const json = decodeURIComponent(escape(Buffer.from(payload, "base64").toString("binary")));
  const token = (JSON.parse(json) as { token?: unknown }).token;
  if (typeof token !== "string" || token.length < 16) throw new Error("no token in the session cookie");
  return token;
}

/**
 * The session cookie's value with other login and last-seen times, signed as the server
 * signs it: with the secret the e2e server is configured with (playwright.config).
 */
async function withSessionTimes(value: string, secret: string, times: { issuedAt: number; seenAt: number }) {
  const codec = createCookie(SESSION_COOKIE, { secrets: [secret] });
  const session = (await codec.parse(`${SESSION_COOKIE}=${value}`)) as Record<string, unknown> | null;
  if (!session?.token) throw new Error("the session cookie did not verify with the configured secret");
  const header = await codec.serialize({ ...session, ...times });
  return header.slice(header.indexOf("=") + 1, header.indexOf(";"));
}

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
}

/** A same-origin form post as a browser without JavaScript sends it. */
function formPost(request: APIRequestContext, baseURL: string, path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return request.post(path, { form, headers: { Origin: baseURL, "Sec-Fetch-Site": "same-origin", ...headers }, maxRedirects: 0 });
}

test.describe("security headers", () => {
  test("every document has an enforced CSP whose nonce is on each of its scripts, new each time", async ({ page, request }) => {
    const response = await page.goto("/");
    const headers = response!.headers();
    const csp = directives(headers["content-security-policy"]);
    expect(headers["content-security-policy-report-only"]).toBeUndefined();
    const nonce = csp.get("script-src")!.find((s) => s.startsWith("'nonce-"))!.slice(7, -1);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
    expect(csp.get("script-src")).toContain("https://www.googletagmanager.com");

    // Each inline or module script carries the nonce (the browser hides the attribute, not the property).
    const scriptNonces = await page.evaluate(() => [...document.scripts].map((s) => (s.src.includes("googletagmanager") ? "gtm" : s.nonce)));
    expect(scriptNonces.filter((n) => n !== "gtm").length).toBeGreaterThan(3);
    expect(new Set(scriptNonces.filter((n) => n !== "gtm"))).toEqual(new Set([nonce]));

    const again = directives((await request.get("/")).headers()["content-security-policy"]);
    expect(again.get("script-src")).not.toContain(`'nonce-${nonce}'`);
  });

  test("the usual security headers are on documents and data; HSTS only in production", async ({ request }) => {
    for (const path of ["/", "/login", "/login.data", "/no-such-page"]) {
      const headers = (await request.get(path)).headers();
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"], path).toMatch(/(^|, )microphone=\(self\)(,|$)/);
      expect(headers["permissions-policy"], path).toMatch(/camera=\(\)/);
      expect(headers["permissions-policy"], path).toMatch(/geolocation=\(\)/);
      expect(headers["x-frame-options"], path).toBe("DENY");
      // The e2e server is not ENVIRONMENT_LABEL=production (it runs on plain http).
      expect(headers["strict-transport-security"], path).toBeUndefined();
    }
    expect((await request.get("/login.data")).headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  test("the tag manager's origin is not allowed when the tag manager is not loaded (Do-Not-Track)", async ({ request }) => {
    const csp = (await request.get("/", { headers: { DNT: "1" } })).headers()["content-security-policy"];
    expect(csp).not.toContain("googletagmanager");
  });
});

test.describe("cross-origin posts", () => {
  test("are refused with 403; same-origin posts work", async ({ request, baseURL }) => {
    const form = { email: DEMO.email, password: "not-the-password" };
    const evil = await request.post("/login", { form, headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
    expect(evil.status()).toBe(403);
    const crossSite = await request.post("/login", { form, headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" }, maxRedirects: 0 });
    expect(crossSite.status()).toBe(403);
    const sameSite = await request.post("/newsletter", { form: { email: "a@example.org", consent: "yes" }, headers: { "Sec-Fetch-Site": "same-site" } });
    expect(sameSite.status()).toBe(403);
    const data = await request.post("/login.data", { form, headers: { Origin: "https://evil.example" } });
    expect(data.status()).toBe(403);
    const resource = await request.post("/cookie-consent", { form: { consent: "accepted" }, headers: { Origin: "https://evil.example" } });
    expect(resource.status()).toBe(403);

    const same = await formPost(request, baseURL!, "/login", form);
    expect(same.status()).toBe(401);
    const ok = await formPost(request, baseURL!, "/login", { email: DEMO.email, password: DEMO.password });
    expect(ok.status()).toBe(302);
  });

  test("a form on another site posting here gets the 403 page, and nothing happens", async ({ page, baseURL }) => {
    await page.route("https://evil.example/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>Win a prize</title><form method="post" action="${baseURL}/login">
          <input name="email" value="${DEMO.email}"><input name="password" value="${DEMO.password}"><button>Claim</button></form>`,
      }),
    );
    await page.goto("https://evil.example/prize");
    const [response] = await Promise.all([page.waitForResponse(`${baseURL}/login`), page.getByRole("button", { name: "Claim" }).click()]);
    expect(response.status()).toBe(403);
    await expect(page.getByText("This form was sent from another site, so it has not been accepted.")).toBeVisible();
    expect(await sessionCookie(page.context())).toBeUndefined();
  });
});

test.describe("the session", () => {
  test("the token is only in an httpOnly cookie: never in a document, data or script", async ({ page, context }) => {
    await page.goto("/login");
    await logIn(page);
    await expect(page).toHaveURL(/\/account$/);
    const cookie = (await sessionCookie(context))!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    const token = tokenInCookie(cookie.value);
    expect(await page.evaluate(() => document.cookie)).not.toContain(SESSION_COOKIE);

    const bodies: [string, string][] = [];
    for (const path of ["/", "/account", "/account/orders", "/account/user/edit", "/account/book/date", "/registration", "/login"]) {
      const document = await page.request.get(path);
      bodies.push([path, await document.text()]);
      const data = await page.request.get(`${path === "/" ? "/_root" : path}.data`);
      bodies.push([`${path}.data`, await data.text()]);
    }
    // Every script the site serves: those the pages reference and those the manifest lists.
    const scripts = new Set<string>();
    const collect = (text: string) => {
      for (const m of text.matchAll(/\/assets\/[\w.-]+\.js/g)) scripts.add(m[0]);
    };
    bodies.forEach(([, body]) => collect(body));
    for (const manifest of [...scripts].filter((s) => s.includes("manifest"))) collect(await (await page.request.get(manifest)).text());
    expect(scripts.size).toBeGreaterThan(20);
    for (const script of scripts) bodies.push([script, await (await page.request.get(script)).text()]);

    expect(bodies.filter(([, body]) => body.includes("Your account") || body.includes(DEMO.firstName)).length).toBeGreaterThan(2);
    const leaks = bodies.filter(([, body]) => body.includes(token) || body.includes(cookie.value)).map(([where]) => where);
    expect(leaks).toEqual([]);
  });

  test("logging in gives a new cookie value and token, and ends the session it replaced", async ({ page, context, baseURL }) => {
    await page.goto("/login");
    await logIn(page);
    await expect(page).toHaveURL(/\/account$/);
    const first = (await sessionCookie(context))!;

    const again = await formPost(page.request, baseURL!, "/login", { email: DEMO.email, password: DEMO.password });
    expect(again.status()).toBe(302);
    const second = (await sessionCookie(context))!;
    expect(second.value).not.toBe(first.value);
    expect(tokenInCookie(second.value)).not.toBe(tokenInCookie(first.value));
    await page.goto("/account");
    await expect(page).toHaveURL(/\/account$/);

    // The replaced session no longer works: the gateway has ended it.
    await context.addCookies([{ ...first }]);
    await page.goto("/account");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
    expect(await sessionCookie(context)).toBeUndefined();
  });

  test("logging out clears the cookie and ends the session at the gateway", async ({ page, context }) => {
    await page.goto("/login");
    await logIn(page);
    await expect(page).toHaveURL(/\/account$/);
    const saved = (await sessionCookie(context))!;
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await sessionCookie(context)).toBeUndefined();

    // A copy of the cookie kept from before is worth nothing now.
    await context.addCookies([{ ...saved }]);
    await page.goto("/account");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  });
});

test.describe("session time-outs", () => {
  const MINUTE = 60_000;
  // The e2e server runs on the defaults: 120 minutes idle, 720 minutes after login.
  const cases = [
    { timeOut: "idle", times: (now: number) => ({ issuedAt: now - 180 * MINUTE, seenAt: now - 121 * MINUTE }) },
    { timeOut: "absolute", times: (now: number) => ({ issuedAt: now - 721 * MINUTE, seenAt: now - MINUTE }) },
  ];
  for (const { timeOut, times } of cases) {
    test(`past its ${timeOut} time-out a session ends: the login page says why, leads back, and the old token is dead`, async ({ page, context, axe }, testInfo) => {
      const secret = testInfo.config.webServer?.env?.SESSION_SECRET;
      if (!secret) throw new Error("playwright.config's webServer sets no SESSION_SECRET");
      await page.goto("/login");
      await logIn(page);
      await expect(page).toHaveURL(/\/account$/);
      const live = (await sessionCookie(context))!;

      // The same session, as if its time had passed (the browser would still send a stolen copy).
      const now = Date.now();
      await context.addCookies([{ ...live, value: await withSessionTimes(live.value, secret, times(now)) }]);
      await page.goto("/account/orders");
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Forders&reason=timeout$/);
      await expect(page.getByRole("status").filter({ hasText: "your session timed out" })).toBeVisible();
      expect(await sessionCookie(context)).toBeUndefined();
      await axe();

      await logIn(page);
      await expect(page).toHaveURL(/\/account\/orders$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

      // Ended at the gateway: the old token with fresh times is refused, as any unknown token.
      await context.addCookies([{ ...live, value: await withSessionTimes(live.value, secret, { issuedAt: now, seenAt: now }) }]);
      await page.goto("/account");
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
      await expect(page.getByText("your session timed out")).toHaveCount(0);
    });
  }
});

test.describe("return paths", () => {
  const offSite = ["//evil.example", "/\\evil.example", "https://evil.example/", "%2F%2Fevil.example", "/%2F%2Fevil.example", "/%5Cevil.example", "%252F%252Fevil.example", "/\t/evil.example", "javascript:alert(1)"];

  test("after login and the cookie notice are same-site paths only, however encoded", async ({ request, baseURL }) => {
    for (const redirectTo of offSite) {
      const login = await formPost(request, baseURL!, "/login", { email: DEMO.email, password: DEMO.password, redirectTo });
      expect([login.status(), login.headers()["location"]], redirectTo).toEqual([302, "/account"]);
      const consent = await formPost(request, baseURL!, "/cookie-consent", { consent: "rejected", returnTo: redirectTo }, { Accept: "text/html" });
      expect([consent.status(), consent.headers()["location"]], redirectTo).toEqual([302, "/"]);
    }
    const kept = await formPost(request, baseURL!, "/login", { email: DEMO.email, password: DEMO.password, redirectTo: "/account/orders?page=2" });
    expect(kept.headers()["location"]).toBe("/account/orders?page=2");
  });
});

test.describe("known and unknown email addresses", () => {
  /** The page with what differs by design taken out: the nonce, and the address typed (echoed in the form). */
  const normalise = (html: string, email: string) =>
    html.replace(/nonce="[^"]*"/g, 'nonce=""').replaceAll(email, "EMAIL").replaceAll(encodeURIComponent(email), "EMAIL");

  test("login answers the same status and page for a wrong password and an unknown email", async ({ request, baseURL }) => {
    const unknown = `nobody-${Date.now()}@example.org`;
    const known = await formPost(request, baseURL!, "/login", { email: DEMO.email, password: "not-the-password" });
    const missing = await formPost(request, baseURL!, "/login", { email: unknown, password: "not-the-password" });
    expect(known.status()).toBe(401);
    expect(missing.status()).toBe(known.status());
    expect(normalise(await missing.text(), unknown)).toBe(normalise(await known.text(), DEMO.email));
  });

  test("password reset answers the same status and page whether or not the address has an account", async ({ request, baseURL }) => {
    const unknown = `nobody-${Date.now()}@example.org`;
    const known = await formPost(request, baseURL!, "/login/forgot", { email: DEMO.email });
    const missing = await formPost(request, baseURL!, "/login/forgot", { email: unknown });
    expect(known.status()).toBe(200);
    expect(missing.status()).toBe(known.status());
    // The embedded default's stand-in for the email (there is no mail server) is the one
    // difference, so the visible page is compared without it (the page's data carries the
    // demo link too); with real services it is never there.
    const page = (html: string) => /<main[\s\S]*<\/main>/.exec(html)![0].replace(/<section class="dev-notice"[\s\S]*?<\/section>/, "");
    const knownHtml = await known.text();
    expect(knownHtml).toContain('class="dev-notice"');
    expect(page(normalise(await missing.text(), unknown))).toBe(page(normalise(knownHtml, DEMO.email)));
    expect(page(knownHtml)).toMatch(/<h1>Check your email<\/h1>.*belongs to an account, we have sent it a link/);
  });
});
