import { randomBytes, scryptSync, timingSafeEqual } from "node:crypto";

// A low scrypt cost: this store is seeded on every backend creation (tests make
// many), and it only ever guards demo passwords.
const COST = { N: 1024, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, KEY_LENGTH, COST);
  return `scrypt$${salt.toString("base64")}$${key.toString("base64")}`;
}

// Used when the email is unknown, so a miss costs the same as a wrong password.
const DUMMY_HASH = hashPassword(randomBytes(16).toString("hex"));

export function verifyPassword(password: string, stored: string | undefined): boolean {
  const [scheme, saltText, keyText] = (stored ?? DUMMY_HASH).split("$");
  if (scheme !== "scrypt" || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, "base64");
  const actual = scryptSync(password, Buffer.from(saltText, "base64"), expected.length, COST);
  return timingSafeEqual(actual, expected) && stored !== undefined;
}
