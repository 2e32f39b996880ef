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

// The most used passwords of 12+ characters (the real gateway checks a breached-password list).
const COMMON_PASSWORDS = new Set([
  "123456789012", "1234567890123", "12345678901234", "password1234", "password12345", "passwordpassword",
  "qwertyuiopas", "qwerty123456", "iloveyou1234", "111111111111", "000000000000", "abcdefghijkl",
  "abc123abc123", "letmein12345", "welcome12345", "football1234", "qwertyuiop12", "1q2w3e4r5t6y",
  "administrator", "changeme1234", "museumvisit1", "schooltrip12",
]);

/** The password policy of NewUser.password; null when it passes. */
export function passwordProblem(password: unknown, email: string): string | null {
  if (typeof password !== "string" || password === "") return "Enter a password";
  if (password.length > 1024) return "Enter a password of 1024 characters or fewer";
  if (password.length < 12) return "Enter a password of at least 12 characters";
  const lower = password.toLowerCase();
  const name = email.trim().toLowerCase().split("@")[0] ?? "";
  if (
    COMMON_PASSWORDS.has(lower) || /^(.)\1*$/.test(password) ||
    "01234567890123456789".includes(lower) || "abcdefghijklmnopqrstuvwxyz".includes(lower) ||
    "qwertyuiopasdfghjklzxcvbnm".includes(lower) || (name.length >= 4 && lower.includes(name))
  ) {
    return "Choose a password that is harder to guess, such as three random words";
  }
  return null;
}
