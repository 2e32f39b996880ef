import { describe, expect, it } from "vitest";
import { createNonce, documentPolicy, NON_DOCUMENT_POLICY, securityHeaders, TAG_MANAGER_ORIGIN, type DocumentPolicyOptions } from "./csp";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((d) => {
      const [name = "", ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

const base: DocumentPolicyOptions = { nonce: "abc123==", tagManager: false, searchHosts: null, production: false };
const policy = (over: Partial<DocumentPolicyOptions> = {}) => directives(documentPolicy({ ...base, ...over }));

describe("document CSP", () => {
  it("lets scripts run from this origin or with this document's nonce, and nothing inline or eval'd", () => {
    const scripts = policy().get("script-src");
    expect(scripts).toEqual(["'self'", "'nonce-abc123=='"]);
    for (const p of [policy(), policy({ tagManager: true, production: true })]) {
      const all = [...p.values()].flat();
      expect(p.get("script-src")).not.toContain("'unsafe-inline'");
      expect(all).not.toContain("'unsafe-eval'");
      expect(all).not.toContain("'strict-dynamic'");
    }
  });

  it("has the fixed lock-downs: no plugins, no <base>, no framing, forms post here", () => {
    const p = policy();
    expect(p.get("object-src")).toEqual(["'none'"]);
    expect(p.get("base-uri")).toEqual(["'none'"]);
    expect(p.get("frame-ancestors")).toEqual(["'none'"]);
    expect(p.get("form-action")).toEqual(["'self'"]);
    expect(p.get("default-src")).toEqual(["'self'"]);
  });

  it("keeps styles to files, with style attributes allowed (positions of the timeline and loading bar)", () => {
    expect(policy().get("style-src")).toEqual(["'self'"]);
    expect(policy().get("style-src-attr")).toEqual(["'unsafe-inline'"]);
  });

  it("allows the tag manager's origin only when the document loads it", () => {
    const without = policy({ tagManager: false });
    const withGtm = policy({ tagManager: true });
    for (const d of ["script-src", "img-src", "connect-src"]) {
      expect(without.get(d)).not.toContain(TAG_MANAGER_ORIGIN);
      expect(withGtm.get(d)).toContain(TAG_MANAGER_ORIGIN);
    }
    expect(documentPolicy({ ...base, tagManager: false })).not.toContain("googletagmanager");
  });

  it("connects to this origin only on the embedded default, and to the provider's hosts when configured", () => {
    expect(policy().get("connect-src")).toEqual(["'self'"]);
    const real = policy({ searchHosts: ["abc-dsn.algolia.net", "https://abc-1.algolianet.com"] }).get("connect-src");
    expect(real).toEqual(["'self'", "https://abc-dsn.algolia.net", "https://abc-1.algolianet.com", "https://insights.algolia.io"]);
  });

  it("lets a no-JavaScript checkout be redirected to the configured payment page", () => {
    expect(policy({ formActionOrigins: ["https://pay.example.com"] }).get("form-action")).toEqual(["'self'", "https://pay.example.com"]);
  });

  it("upgrades insecure requests in production only", () => {
    expect(policy({ production: true }).has("upgrade-insecure-requests")).toBe(true);
    expect(policy().has("upgrade-insecure-requests")).toBe(false);
  });

  it("relaxes only what Vite's dev server needs, and only when asked", () => {
    const dev = policy({ development: true });
    expect(dev.get("style-src")).toContain("'unsafe-inline'");
    expect(dev.get("connect-src")).toContain("ws:");
    expect(dev.get("script-src")).toEqual(policy().get("script-src"));
  });
});

describe("nonces", () => {
  it("are 128 random bits, new every time", () => {
    const nonces = new Set(Array.from({ length: 1000 }, createNonce));
    expect(nonces.size).toBe(1000);
    for (const n of [...nonces].slice(0, 10)) expect(Buffer.from(n, "base64")).toHaveLength(16);
  });
});

describe("other security headers", () => {
  it("are on every response, with HSTS (a year, subdomains) in production only", () => {
    const dev = new Map(securityHeaders({ production: false }));
    const prod = new Map(securityHeaders({ production: true }));
    expect(dev.get("X-Content-Type-Options")).toBe("nosniff");
    expect(dev.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(dev.get("X-Frame-Options")).toBe("DENY");
    expect(dev.has("Strict-Transport-Security")).toBe(false);
    expect(prod.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("allow the microphone for voice search on this origin only, and no camera or location", () => {
    const permissions = new Map(securityHeaders({ production: false })).get("Permissions-Policy")!;
    const features = new Map(permissions.split(/,\s*/).map((f) => f.split("=") as [string, string]));
    expect(features.get("microphone")).toBe("(self)");
    expect(features.get("camera")).toBe("()");
    expect(features.get("geolocation")).toBe("()");
  });

  it("give non-documents a policy that allows nothing", () => {
    expect(directives(NON_DOCUMENT_POLICY).get("default-src")).toEqual(["'none'"]);
  });
});
