// The backends' instants (`format: date-time`, RFC 3339) as milliseconds. RFC 3339 allows a
// leap second (`23:59:60`), and the pacts accept what the contract allows
// (tests/contract/support/matchers.ts, ADR 36), but JavaScript's Date cannot read one: it is
// read as the second after `:59`, the moment the next minute starts, as POSIX clocks count it.

const LEAP_SECOND = /^(.*T\d\d:\d\d:)60((?:\.\d+)?(?:[Zz]|[+-]\d\d:\d\d))$/i;

/** Milliseconds since the epoch of an RFC 3339 date-time; NaN when it is not one. */
export function parseInstant(value: string): number {
  const leap = LEAP_SECOND.exec(value);
  return leap ? Date.parse(`${leap[1]}59${leap[2]}`) + 1000 : Date.parse(value);
}

/** An RFC 3339 date-time as a Date (an invalid Date when it is not one). */
export function instantDate(value: string): Date {
  return new Date(parseInstant(value));
}
