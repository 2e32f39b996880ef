import { roundTripSuite } from "./round-trip/suite";

// Every form round-trips with JavaScript on (issue 22); the same suite runs with it off in
// no-js/forms-round-trip.spec.ts.
roundTripSuite();
