import { describe, expect, it } from "vitest";
import { requestTarget, validOrigin } from "../../server/request-target.ts";

// The request URL the production server builds (server/request-target.ts): from a Host that
// is host[:port] and an origin-form (or absolute-form) target, or from PUBLIC_ORIGIN; every
// other Host and target refused with 400 before React Router runs. The same corpus goes
// over real sockets in tests/hostile/host-header.test.ts.

const target = (url: string, host: string | undefined, origin: string | null = null) =>
  requestTarget({ url, headers: host === undefined ? {} : { host } }, origin ? new URL(origin) : null);

describe("the request URL, from the Host header", () => {
  it.each([
    ["localhost:3000", "/account/orders?x=1", "http://localhost:3000/account/orders?x=1"],
    ["groups.example.org", "/", "http://groups.example.org/"],
    ["GROUPS.Example.org.", "/a", "http://groups.example.org./a"],
    ["127.0.0.1:8080", "//evil.example/x", "http://127.0.0.1:8080//evil.example/x"],
    ["[::1]:3000", "/login", "http://[::1]:3000/login"],
    ["ssr", "/readyz", "http://ssr/readyz"],
    ["localhost:3000", "http://localhost:3000/login?x", "http://localhost:3000/login?x"],
  ])("Host %s, target %s: %s", (host, url, expected) => {
    const result = target(url, host);
    expect(result.ok && result.url.href).toBe(expected);
  });

  it.each([
    "localhost:3000/account/orders#",
    "localhost:3000/registration/education/organisation?query=TEXT#",
    "a@b",
    "local host",
    "",
    "evil.example:3000@localhost",
    "localhost:99999",
    "localhost:",
    "[::1",
    "-bad.example",
    "x".repeat(300),
    "localhost\\account",
  ])("refuses Host %j", (host) => {
    expect(target("/", host)).toMatchObject({ ok: false, status: 400 });
  });

  it("refuses a missing Host, OPTIONS *, and targets that are not paths", () => {
    expect(target("/", undefined).ok).toBe(false);
    for (const url of ["*", "account", "http://a@b/", "javascript:alert(1)", "https://evil host/"]) expect(target(url, "localhost").ok, url).toBe(false);
  });
});

describe("the request URL, from PUBLIC_ORIGIN", () => {
  const origin = "https://groups.example.org";

  it("is built from it whatever the scheme the proxy spoke, for its own host (default port or not)", () => {
    for (const host of ["groups.example.org", "GROUPS.example.org", "groups.example.org:443"]) {
      const result = target("/login?x=1", host, origin);
      expect(result.ok && result.url.href, host).toBe("https://groups.example.org/login?x=1");
    }
  });

  it("refuses any other host, and an absolute-form target naming another", () => {
    for (const host of ["evil.example", "groups.example.org:8443", "127.0.0.1:3000"]) expect(target("/", host, origin), host).toMatchObject({ ok: false, status: 400 });
    expect(target("https://evil.example/login", "groups.example.org", origin).ok).toBe(false);
  });
});

describe("the Origin header", () => {
  it("passes what browsers send (or none)", () => {
    for (const origin of [undefined, "null", "https://groups.example.org", "http://127.0.0.1:3000", "https://evil.example"]) expect(validOrigin(origin), origin).toBe(true);
  });

  it("refuses what no browser sends", () => {
    for (const origin of ["%%%", "", "evil.example", "https://groups.example.org/", "https://a@b", "javascript:alert(1)", "file://x", ["https://a", "https://b"]]) {
      expect(validOrigin(origin), String(origin)).toBe(false);
    }
  });
});
