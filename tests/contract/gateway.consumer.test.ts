import { beforeAll, describe, it } from "vitest";
import { bookingCases } from "./support/booking-cases";
import { gatewayCases } from "./support/gateway-cases";
import { outreachCases } from "./support/outreach-cases";
import { newPact, removePactFile, runConsumerCase } from "./support/pact";

// Pact consumer tests for the gateway: each interaction is exercised through the app's
// own function in app/api/account.server.ts, booking.server.ts, orders.server.ts or outreach.server.ts. Writes pacts/group-visits-web-group-visits-gateway.json.
describe("gateway consumer pact (group-visits-web -> gateway)", () => {
  const pact = newPact("gateway");
  // Start from an empty pact file: Pact merges into an existing one, which would keep
  // interactions a case no longer defines.
  beforeAll(() => removePactFile("gateway"));

  for (const c of [...gatewayCases, ...bookingCases, ...outreachCases]) {
    it(c.description, () => runConsumerCase(pact, c));
  }
});
