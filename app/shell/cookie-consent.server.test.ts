import { afterEach, describe, expect, it, vi } from "vitest";
import { stubProductionEnvironment } from "../runtime/production.test-support";

// The consent cookie's attributes, outside production and in it (where the configuration is
// read afresh with a production environment, as a production server starts).

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const attributes = (setCookie: string) => setCookie.split("; ").slice(1).map((a) => a.split("=")[0]!.toLowerCase());

describe("the consent cookie", () => {
  it("outside production: httpOnly, SameSite=Lax, the whole site, a year; not Secure (the test site runs on http)", async () => {
    vi.resetModules();
    const { serializeConsent, readConsent } = await import("./cookie-consent.server");
    const setCookie = await serializeConsent("accepted");
    expect(setCookie.startsWith("cookie_consent=")).toBe(true);
    expect(attributes(setCookie)).toEqual(expect.arrayContaining(["httponly", "samesite", "path", "max-age"]));
    expect(attributes(setCookie)).not.toContain("secure");
    expect(setCookie).toMatch(/Max-Age=31536000/);
    expect(await readConsent(new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0]! } }))).toBe("accepted");
  });

  it("in production: Secure and __Host- prefixed (no Domain, Path=/), and read back under that name only", async () => {
    vi.resetModules();
    stubProductionEnvironment();
    const { serializeConsent, readConsent } = await import("./cookie-consent.server");
    const setCookie = await serializeConsent("rejected");
    expect(setCookie.startsWith("__Host-cookie_consent=")).toBe(true);
    expect(attributes(setCookie)).toEqual(expect.arrayContaining(["secure", "httponly", "samesite", "path"]));
    expect(setCookie).toMatch(/; Path=\/(;|$)/);
    expect(setCookie).not.toMatch(/Domain=/i);
    const value = setCookie.split(";")[0]!.split("=").slice(1).join("=");
    expect(await readConsent(new Request("https://groups.example.org/", { headers: { Cookie: `__Host-cookie_consent=${value}` } }))).toBe("rejected");
    // A cookie of the unprefixed name (set by anyone who can write a cookie for the domain) is not read.
    expect(await readConsent(new Request("https://groups.example.org/", { headers: { Cookie: `cookie_consent=${value}` } }))).toBeNull();
  });
});
