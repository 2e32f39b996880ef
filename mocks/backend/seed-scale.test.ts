import { describe, expect, it } from "vitest";
import { createBackend, DEMO_USER } from "./index";
import { createSeed } from "./seed";
import { SEED_SCALE_ENV, seedScaleFromEnv } from "./seed-scale";
import { venues as handWrittenVenues } from "./seed-venues";

// The seed scale generates the data `npm run bench -- growth` measures (issue 26): its counts
// must be the ones asked for, its ids unique, and the same scale must give the same data.

const TODAY = "2026-11-27";
const duplicates = (values: readonly string[]) => values.filter((v, i) => values.indexOf(v) !== i);
const demoOrders = (seed: ReturnType<typeof createSeed>) => seed.orders.filter((o) => o.organisation.id === DEMO_USER.organisationId);

describe("the seed scale's environment", () => {
  it("is empty when no variable is set or a variable is empty, so the seed is the hand-written one", () => {
    expect(seedScaleFromEnv({})).toEqual({});
    expect(seedScaleFromEnv({ SEED_ORDERS: "", SEED_VENUES: " " })).toEqual({});
  });

  it("reads each variable as a whole number", () => {
    expect(seedScaleFromEnv({ SEED_ORDERS: "1000", SEED_VENUES: "50", SEED_ORGANISATIONS: "100000" })).toEqual({ orders: 1000, venues: 50, organisations: 100_000 });
    expect(seedScaleFromEnv({ SEED_ORDERS: "0" })).toEqual({ orders: 0 });
  });

  it.each([
    ["SEED_ORDERS", "-1"], ["SEED_ORDERS", "1.5"], ["SEED_ORGANISATIONS", "lots"], ["SEED_VENUES", "0"], ["SEED_ORDERS", "1e400"],
  ])("refuses %s=%s, naming the variable", (name, value) => {
    expect(() => seedScaleFromEnv({ [name]: value })).toThrow(name);
  });

  it("names a variable for every part of the scale", () => {
    expect(Object.values(SEED_SCALE_ENV)).toEqual(["SEED_ORDERS", "SEED_VENUES", "SEED_ORGANISATIONS"]);
  });
});

describe("the seed at a scale", () => {
  it("without a scale is exactly the hand-written seed", () => {
    expect(createSeed(TODAY, {})).toEqual(createSeed(TODAY));
    expect(createSeed(TODAY).venues.map((v) => v.id)).toEqual(handWrittenVenues.map((v) => v.id));
  });

  it.each([0, 3, 10, 1000])("gives the demo school %i orders, ids and references unique across the seed", (count) => {
    const seed = createSeed(TODAY, { orders: count });
    expect(demoOrders(seed)).toHaveLength(count);
    expect(duplicates(seed.orders.map((o) => o.id))).toEqual([]);
    expect(duplicates(seed.orders.map((o) => o.reference))).toEqual([]);
    // The other organisations' orders are kept.
    expect(seed.orders.length - demoOrders(seed).length).toBe(createSeed(TODAY).orders.length - demoOrders(createSeed(TODAY)).length);
  });

  it("keeps the hand-written orders first, then generated ones on both sides of today", () => {
    const handWritten = demoOrders(createSeed(TODAY));
    const scaled = demoOrders(createSeed(TODAY, { orders: 1000 }));
    expect(scaled.slice(0, handWritten.length)).toEqual(handWritten);
    const generated = scaled.slice(handWritten.length);
    expect(generated.every((o) => o.id.startsWith("ord-g"))).toBe(true);
    expect(generated.filter((o) => o.visitDate >= TODAY).length).toBeGreaterThan(400);
    expect(generated.filter((o) => o.visitDate < TODAY).length).toBeGreaterThan(400);
  });

  it.each([1, 4, 50])("has %i venues, each with bookable activities for schools, ids unique", (count) => {
    const seed = createSeed(TODAY, { venues: count });
    expect(seed.venues).toHaveLength(count);
    expect(duplicates(seed.venues.map((v) => v.id))).toEqual([]);
    expect(duplicates(seed.activities.map((a) => a.id))).toEqual([]);
    const venueIds = new Set(seed.venues.map((v) => v.id));
    expect(seed.activities.filter((a) => !venueIds.has(a.venueId))).toEqual([]);
    // What the booking date step lists: every venue, for the demo school's group type.
    const backend = createBackend({ today: new Date(`${TODAY}T12:00:00Z`), seedScale: { venues: count } });
    expect(backend.booking.cmsVenues("education")).toHaveLength(count);
  });

  it("is deterministic: the same scale gives the same data", () => {
    const scale = { orders: 500, venues: 50 };
    expect(createSeed(TODAY, scale)).toEqual(createSeed(TODAY, scale));
  });

  it("reaches the gateway: the demo user's orders, upcoming and past, add up to the scale", () => {
    const backend = createBackend({ today: new Date(`${TODAY}T12:00:00Z`), seedScale: { orders: 1000 } });
    const total = (["upcoming", "past"] as const).reduce((sum, when) => sum + backend.listOrders(DEMO_USER.id, { when }).totalItems, 0);
    expect(total).toBe(1000);
  });
});
