import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PaymentProblem } from "./payment-choice";
import type { BasketMessage } from "../../../generated/schemas";

const fallbacks = { failed: "Try another card.", cancelled: "Pay when you are ready." };
const message = (code: BasketMessage["code"]): BasketMessage => ({ code, severity: "warning", message: `Gateway says ${code}.` });
const render = (result: "failed" | "cancelled" | null, messages: BasketMessage[]) =>
  renderToStaticMarkup(<PaymentProblem result={result} messages={messages} fallbacks={fallbacks} />);

describe("PaymentProblem", () => {
  it("shows nothing when the payment page sent no result and the gateway says nothing", () => {
    expect(render(null, [])).toBe("");
  });

  it("believes the gateway over the return URL's result, which anyone can edit", () => {
    const html = render("failed", [message("payment_cancelled")]);
    expect(html).toContain("Your card payment was cancelled.");
    expect(html).toContain("Gateway says payment_cancelled.");
    expect(render("cancelled", [message("payment_failed")])).toContain("Your card payment was declined.");
  });

  it("falls back on the result and our own words when the gateway says nothing", () => {
    const html = render("cancelled", []);
    expect(html).toContain("Your card payment was cancelled.");
    expect(html).toContain("Pay when you are ready.");
    expect(html).toContain('role="alert"');
    expect(render("failed", [])).toContain("Your card payment was declined.");
  });
});
