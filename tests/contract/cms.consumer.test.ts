import { beforeAll, describe, it } from "vitest";
import { bookingCmsCases } from "./support/booking-cases";
import { cmsCases } from "./support/cms-cases";
import { outreachCmsCases } from "./support/outreach-cases";
import { newPact, removePactFile, runConsumerCase } from "./support/pact";

// Pact consumer tests for the CMS: each interaction is exercised through the app's own
// function in app/api/cms.server.ts. Writes pacts/group-visits-web-group-visits-cms.json.
describe("CMS consumer pact (group-visits-web -> cms)", () => {
  const pact = newPact("cms");
  // Start from an empty pact file: Pact merges into an existing one.
  beforeAll(() => removePactFile("cms"));

  for (const c of [...cmsCases, ...bookingCmsCases, ...outreachCmsCases]) {
    it(c.description, () => runConsumerCase(pact, c));
  }
});
