import { randomFillSync } from "node:crypto";

/**
 * The Content-Security-Policy of a document, and the other security headers of every
 * response (ADR 0008). Pure functions of their inputs, so each directive is unit-tested.
 */

/** Google Tag Manager's origin: allowed only on documents that load the tag manager. */
export const TAG_MANAGER_ORIGIN = "https://www.googletagmanager.com";

/**
 * Random bytes drawn from the CSPRNG 4 KiB at a time and each used once: a nonce per
 * document without a call into OpenSSL per document (ADR 0037), as Node's randomUUID does.
 */
const randomPool = Buffer.alloc(16 * 256);
let poolOffset = randomPool.length;

/** 128 bits from the CSPRNG, base64: a fresh one for every document. */
export function createNonce(): string {
  if (poolOffset === randomPool.length) {
    randomFillSync(randomPool);
    poolOffset = 0;
  }
  poolOffset += 16;
  return randomPool.toString("base64", poolOffset - 16, poolOffset);
}

export interface DocumentPolicyOptions {
  nonce: string;
  /** The tag manager is loaded on this document (configured, and no DNT/GPC on the request). */
  tagManager: boolean;
  /** A real search provider's hosts ("x.algolia.net", "https://x.algolia.net"); null: the embedded default, this origin. */
  searchHosts: string[] | null;
  /** The card provider's hosted payment page origins: a no-JavaScript checkout is redirected there after its POST. */
  formActionOrigins?: string[];
  production: boolean;
  /** Vite's dev server: its injected styles and HMR socket. Never in a build. */
  development?: boolean;
}

/** "x.algolia.net" or "https://x.algolia.net" as a CSP source (an origin). */
function searchHostSource(host: string): string {
  const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(host) ? host : `https://${host}`);
  return url.origin;
}

/** Where search-insights sends click and view events when a real provider is configured. */
const SEARCH_INSIGHTS_ORIGIN = "https://insights.algolia.io";

export function documentPolicy(options: DocumentPolicyOptions): string {
  const { nonce, tagManager, searchHosts, production, development = false } = options;
  const gtm = tagManager ? [TAG_MANAGER_ORIGIN] : [];
  const search = searchHosts ? [...searchHosts.map(searchHostSource), SEARCH_INSIGHTS_ORIGIN] : [];
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    // Nonce for the inline scripts (React Router's, React's, the data layer's and the tag
    // manager's bootstrap), 'self' for the app's modules. No 'strict-dynamic': the only
    // script inserted at run time is gtm.js, from the origin listed here.
    ["script-src", "'self'", `'nonce-${nonce}'`, ...gtm],
    // Stylesheets are files; a few elements are positioned with style attributes
    // (timeline, loading bar), which cannot run script.
    ["style-src", "'self'", ...(development ? ["'unsafe-inline'"] : [])],
    ["style-src-attr", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", ...gtm],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...new Set(search), ...gtm, ...(development ? ["ws:", "wss:"] : [])],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["frame-ancestors", "'none'"],
    ["form-action", "'self'", ...(options.formActionOrigins ?? [])],
  ];
  if (production) directives.push(["upgrade-insecure-requests"]);
  return directives.map((d) => d.join(" ")).join("; ");
}

/** For responses that are not documents (data, resources, redirects): nothing may run or frame them. */
export const NON_DOCUMENT_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Headers every response carries; HSTS only in production (over HTTPS behind the edge). */
export function securityHeaders({ production }: { production: boolean }): [string, string][] {
  const headers: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    // The microphone for voice search on this origin only; nothing else the site does not use.
    [
      "Permissions-Policy",
      "microphone=(self), camera=(), geolocation=(), payment=(), usb=(), serial=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), display-capture=(), browsing-topics=()",
    ],
    // frame-ancestors 'none' for browsers that predate it.
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
  ];
  if (production) headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return headers;
}
