import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PriceTable } from "./price-table";

const gbp = (amount: number) => ({ amount, currency: "GBP" as const });
const lines = [
  { description: "Workshop", quantity: 30, unitPrice: gbp(500), total: gbp(15000) },
  { description: "Lunch space", quantity: 1, unitPrice: gbp(0), total: gbp(0) },
];

describe("PriceTable", () => {
  it("shows a price of nothing as Free, under a Total row, by default", () => {
    const html = renderToStaticMarkup(<PriceTable lines={lines} total={gbp(15000)} />);
    expect(html).toContain("<caption>Price</caption>");
    expect(html).toContain("<td>Free</td><td>Free</td>");
    expect(html).toContain('<th scope="row" colSpan="3">Total</th><td>£150.00</td>');
  });

  it("shows £0.00 and its own caption and total label when asked (an order, extra places)", () => {
    const html = renderToStaticMarkup(
      <PriceTable lines={lines} total={gbp(0)} caption="Price of the extra places" totalLabel="To pay now" freeForZero={false} />,
    );
    expect(html).toContain("<caption>Price of the extra places</caption>");
    expect(html).toContain("<td>£0.00</td><td>£0.00</td>");
    expect(html).not.toContain("Free");
    expect(html).toContain('<th scope="row" colSpan="3">To pay now</th><td>£0.00</td>');
  });
});
