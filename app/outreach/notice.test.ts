import { describe, expect, it } from "vitest";
import { cancellationText, londonToday, otherMessages, outreachNotices, REQUEST_TEXT } from "./notice";

describe("outreach notices", () => {
  it("says the last day to cancel, or that the visit is already within the 28 days' notice", () => {
    expect(cancellationText("2027-03-10", "2026-11-22")).toBe("Cancelling needs 28 days' notice: you can ask to cancel until Wednesday, 10 February 2027.");
    expect(cancellationText("2026-12-17", "2026-11-22")).toContain("less than 28 days away");
    expect(cancellationText(null, "2026-11-22")).toBe("Cancelling needs 28 days' notice before the visit.");
  });

  it("prefers the gateway's words, and leaves them out of the other messages", () => {
    const messages = [
      { code: "outreach_request", message: "A request until paid." },
      { code: "cancellation_notice", message: "Cancel until 1 March." },
      { code: "capacity_low", message: "Few teams left." },
    ];
    expect(outreachNotices(messages, "2027-03-10", "2026-11-22")).toEqual({ request: "A request until paid.", cancellation: "Cancel until 1 March." });
    expect(outreachNotices([], null, "2026-11-22").request).toBe(REQUEST_TEXT);
    expect(otherMessages(messages).map((m) => m.code)).toEqual(["capacity_low"]);
  });

  it("takes today in London", () => {
    expect(londonToday(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
  });
});
