const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const longDate = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

export function formatMoney(money: { amount: number; currency: string }): string {
  return money.currency === "GBP" ? gbp.format(money.amount / 100) : `${(money.amount / 100).toFixed(2)} ${money.currency}`;
}

/** Visit dates are calendar dates (YYYY-MM-DD), so they are formatted in UTC to avoid shifting. */
export function formatDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}
