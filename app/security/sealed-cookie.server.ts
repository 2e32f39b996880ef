import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { config } from "../runtime/config.server";

// Cookies whose content the browser keeps but must neither read nor change: the
// registration draft (ADR 6) and the form kept after a session time-out (ADR 35).
// AES-256-GCM with a key derived from the session secret by HKDF-SHA-256 with each
// cookie's own salt and info, so no two purposes (nor the session cookie's signature)
// share a key; the cookie's name is bound in as associated data.

export interface Sealer {
  /** The bytes encrypted and authenticated, as a cookie-safe (base64url) value. */
  seal(plaintext: Buffer): string;
  /** The bytes, or null when the value is missing, malformed, tampered with or from another key. */
  open(value: string | undefined): Buffer | null;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function sealer({ salt, info, cookieName }: { salt: string; info: string; cookieName: string }): Sealer {
  const key = Buffer.from(hkdfSync("sha256", config.sessionSecret, salt, info, 32));
  const aad = Buffer.from(cookieName);
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(aad);
      const sealed = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString("base64url");
    },
    open(value) {
      if (!value || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
      const bytes = Buffer.from(value, "base64url");
      if (bytes.length < IV_BYTES + TAG_BYTES + 2) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
        decipher.setAAD(aad);
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
      } catch {
        return null;
      }
    },
  };
}

/** A cookie's value in a request's Cookie header, or undefined. */
export function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}
