// UK postcodes and phone numbers, as the app checks them before sending and the mock
// gateway checks them on receipt (one definition for both; contracts/gateway.yaml states the
// same patterns for the real gateway).

// UK postcodes (the Royal Mail pattern), with or without the space.
const POSTCODE = /^(?:GIR ?0AA|[A-PR-UWYZ](?:\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRVWXY]) ?\d[ABD-HJLNP-UW-Z]{2})$/i;

export function isUkPostcode(value: string): boolean {
  return POSTCODE.test(value.trim());
}

/** Upper case, one space before the inward code: "ls115pq" becomes "LS11 5PQ". */
export function normalisePostcode(value: string): string {
  const compact = value.replace(/\s+/g, "").toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** UK numbers: 0 or +44 then 9–10 digits, spaces, hyphens and brackets allowed. */
export function isUkPhone(value: string): boolean {
  return /^(?:\+44|0)\d{9,10}$/.test(value.replace(/[\s\-()]/g, ""));
}
