// The password policy as the app explains it while the user types (registration and
// password reset). The gateway checks the same rules (contract NewUser.password) and is
// the judge; this only helps early. Length matters more than symbols (NCSC advice:
// three random words), so the rules are length and "not easy to guess".

export const PASSWORD_MIN = 12;
// The gateway takes up to 1024; 128 keeps the encrypted registration draft inside one cookie.
export const PASSWORD_MAX = 128;

// A short list of the most used passwords of 12+ characters; the gateway keeps the real list.
const COMMON = new Set([
  "123456789012", "1234567890123", "12345678901234", "password1234", "password12345", "passwordpassword",
  "qwertyuiopas", "qwerty123456", "iloveyou1234", "111111111111", "000000000000", "abcdefghijkl",
  "abc123abc123", "letmein12345", "welcome12345", "football1234", "qwertyuiop12", "1q2w3e4r5t6y",
  "administrator", "changeme1234", "museumvisit1", "schooltrip12",
]);

export type PasswordStrength = "too-short" | "weak" | "fair" | "strong";

export interface PasswordRule {
  id: "length" | "guessable";
  label: string;
  met: boolean;
}

export interface PasswordCheck {
  rules: PasswordRule[];
  strength: PasswordStrength;
  /** The message for the field, or null when the password meets the policy. */
  error: string | null;
}

/** Whether the password is a common one, one repeated character, a plain sequence or contains the email's name. */
function guessable(password: string, email: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return true;
  if (/^(.)\1*$/.test(password)) return true;
  if ("01234567890123456789".includes(lower) || "abcdefghijklmnopqrstuvwxyz".includes(lower)) return true;
  if ("qwertyuiopasdfghjklzxcvbnm".includes(lower)) return true;
  const name = email.trim().toLowerCase().split("@")[0] ?? "";
  return name.length >= 4 && lower.includes(name);
}

function characterClasses(password: string): number {
  return [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d]/].filter((re) => re.test(password)).length;
}

export function checkPassword(password: string, email = ""): PasswordCheck {
  const longEnough = password.length >= PASSWORD_MIN;
  const easy = password.length > 0 && guessable(password, email);
  const rules: PasswordRule[] = [
    { id: "length", label: `At least ${PASSWORD_MIN} characters`, met: longEnough },
    {
      id: "guessable",
      label: "Not easy to guess: not a common password, one repeated character or your email address",
      met: password.length > 0 && !easy,
    },
  ];
  let strength: PasswordStrength;
  if (!longEnough) strength = "too-short";
  else if (easy) strength = "weak";
  else if (password.length >= 16 || (password.length >= PASSWORD_MIN && characterClasses(password) >= 3)) strength = "strong";
  else strength = "fair";

  let error: string | null = null;
  if (password.length === 0) error = "Enter a password";
  else if (password.length > PASSWORD_MAX) error = `Enter a password of ${PASSWORD_MAX} characters or fewer`;
  else if (!longEnough) error = `Enter a password of at least ${PASSWORD_MIN} characters`;
  else if (easy) error = "Choose a password that is harder to guess, such as three random words";
  return { rules, strength, error };
}

export const STRENGTH_LABELS: Record<PasswordStrength, string> = {
  "too-short": "Too short",
  weak: "Weak",
  fair: "Fair",
  strong: "Strong",
};
