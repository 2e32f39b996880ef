import { roundTripSuite } from "../round-trip/suite";

// Every form round-trips with JavaScript off (issue 22): each save is a form post answered
// by a full page; the same suite runs with JavaScript on in ../forms-round-trip.spec.ts.
roundTripSuite();
