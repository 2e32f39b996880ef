import { createHmac, timingSafeEqual } from "node:crypto";
import { parse, serialize } from "cookie-es";
import type { Cookie, CookieOptions } from "react-router";

// React Router's signed cookie (its createCookie with `secrets`), the same format byte for
// byte, with the HMAC on node:crypto: React Router's goes through WebCrypto, which imports
// the key and runs the HMAC as an async job on every parse and serialize, for a cookie every
// signed-in request reads (docs/decisions/0037-backend-pool-cookie-hmac-and-prefetch.md).
// The value is base64 of the JSON's UTF-8 bytes, then "." and the unpadded base64 of
// HMAC-SHA256(secret, that text); the first secret signs, any of them verifies (rotation).
// signed-cookie.server.test.ts checks both ways against React Router's own createCookie.

/** What React Router's encodeData makes: btoa(unescape(encodeURIComponent(JSON))) is base64 of the UTF-8 bytes. */
function encodeData(value: unknown): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64");
}

/** React Router's decodeData: anything unreadable is `{}`. Only ever given a value whose signature held. */
function decodeData(value: string): unknown {
  try {
    return JSON.parse(Buffer.from(value, "base64").toString("utf8"));
  } catch {
    return {};
  }
}

function signature(value: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(value, "utf8").digest();
}

function sign(value: string, secret: string): string {
  return `${value}.${signature(value, secret).toString("base64").replace(/=+$/, "")}`;
}

/** The signed text without its signature, or false when no secret's signature matches. */
function unsign(signed: string, secrets: readonly string[]): string | false {
  const index = signed.lastIndexOf(".");
  if (index < 0) return false;
  const value = signed.slice(0, index);
  const given = Buffer.from(signed.slice(index + 1), "base64");
  for (const secret of secrets) {
    const expected = signature(value, secret);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return value;
  }
  return false;
}

/** A signed cookie as React Router's `createCookie(name, { secrets, ...options })` makes it. */
export function createSignedCookie(name: string, { secrets, ...cookieOptions }: CookieOptions & { secrets: readonly string[] }): Cookie {
  if (secrets.length === 0) throw new Error("a signed cookie needs at least one secret");
  const options = { path: "/", sameSite: "lax" as const, ...cookieOptions };
  return {
    name,
    isSigned: true,
    get expires() {
      return typeof options.maxAge !== "undefined" ? new Date(Date.now() + options.maxAge * 1000) : options.expires;
    },
    async parse(cookieHeader, parseOptions) {
      if (!cookieHeader) return null;
      const cookies = parse(cookieHeader, { ...options, ...parseOptions });
      if (!(name in cookies)) return null;
      const value = cookies[name];
      if (typeof value !== "string" || value === "") return "";
      const unsigned = unsign(value, secrets);
      return unsigned === false ? null : decodeData(unsigned);
    },
    async serialize(value, serializeOptions) {
      return serialize(name, value === "" ? "" : sign(encodeData(value), secrets[0]!), { ...options, ...serializeOptions });
    },
  };
}
