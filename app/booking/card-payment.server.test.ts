import { describe, expect, it } from "vitest";
import { emptySession, getSession } from "../session/session.server";
import { paymentReturn, toHostedPayment } from "./card-payment.server";

// The payment return is matched to the payment the app sent the user to pay, remembered
// in the session cookie: the provider need not echo its id.

const payment = (id: string) => ({ id, redirectUrl: `https://pay.example.com/${id}`, expiresAt: "2026-12-01T10:00:00Z" });

/** The session a browser would send back after a response's Set-Cookie. */
const sessionFrom = (setCookie: string) => getSession(new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0] ?? "" } }));

describe("card payment return", () => {
  it("sends the browser to the hosted page and matches the return to that payment, once", async () => {
    const response = await toHostedPayment(await emptySession(), payment("pay-1"), "/account/book/payment/return");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("https://pay.example.com/pay-1");

    const session = await sessionFrom(response.headers.get("Set-Cookie") ?? "");
    const back = await paymentReturn(session, new URL("http://localhost/account/book/payment/return?result=success&sig=abc"));
    expect(back).toMatchObject({ paymentId: "pay-1", parameters: { result: "success", sig: "abc" } });
    // Forgotten once reported: the same URL again is not a return.
    expect(await paymentReturn(await sessionFrom(back?.setCookie ?? ""), new URL("http://localhost/account/book/payment/return?result=success"))).toBeNull();
  });

  it("is not a return without the provider's parameters, or on another path", async () => {
    const response = await toHostedPayment(await emptySession(), payment("pay-2"), "/account/orders/ord-1");
    const session = await sessionFrom(response.headers.get("Set-Cookie") ?? "");
    expect(await paymentReturn(session, new URL("http://localhost/account/orders/ord-1?change=cancel"), ["change", "done", "payment"])).toBeNull();
    expect(await paymentReturn(session, new URL("http://localhost/account/orders/ord-2?result=success"))).toBeNull();
    expect(await paymentReturn(session, new URL("http://localhost/account/orders/ord-1?result=declined&change=x"), ["change"]))
      .toMatchObject({ paymentId: "pay-2", parameters: { result: "declined" } });
  });

  it("remembers at most five payments, the newest", async () => {
    let session = await emptySession();
    for (let i = 1; i <= 7; i++) {
      const response = await toHostedPayment(session, payment(`pay-${i}`), `/account/orders/ord-${i}`);
      session = await sessionFrom(response.headers.get("Set-Cookie") ?? "");
    }
    expect(Object.values(session.get("payments") ?? {})).toEqual(["pay-3", "pay-4", "pay-5", "pay-6", "pay-7"]);
  });
});
