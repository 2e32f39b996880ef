import { addDays } from "./dates";
import { line, order, slot } from "./seed-orders";
import { activities as handWrittenActivities, venues as handWrittenVenues } from "./seed-venues";
import type { CatalogueActivity, Order, OrganisationSummary, Venue } from "./types";

// Larger data for measuring cost as the data grows (issue 26, `npm run bench -- growth`;
// docs/decisions/0037-backend-pool-cookie-hmac-and-prefetch.md): the demo school's orders,
// the museums, and the search index's organisations, generated, never written by hand.
// Only the bench's backends process and tests ask for a scale; without one the seed is
// exactly the hand-written one.

export interface SeedScale {
  /** The demo school's orders in all: the hand-written ones first, then generated ones. */
  orders?: number;
  /** Museums in all: the hand-written ones first, then generated ones, each with activities. */
  venues?: number;
  /** Generated organisations of the search index, beside the hand-written (default GENERATED_COUNT). */
  organisations?: number;
}

/** The environment variables of a scale (read by scripts/support/bench-backend.ts). */
export const SEED_SCALE_ENV = { orders: "SEED_ORDERS", venues: "SEED_VENUES", organisations: "SEED_ORGANISATIONS" } as const;

/** The scale the environment asks for; unset or empty variables leave that part as seeded. */
export function seedScaleFromEnv(env: Readonly<Record<string, string | undefined>>): SeedScale {
  const scale: SeedScale = {};
  for (const [key, name] of Object.entries(SEED_SCALE_ENV) as [keyof SeedScale, string][]) {
    const raw = env[name];
    if (raw === undefined || raw.trim() === "") continue;
    const value = Number(raw);
    const least = key === "venues" ? 1 : 0;
    if (!Number.isSafeInteger(value) || value < least) throw new Error(`${name}: expected a whole number of at least ${least}, got "${raw}"`);
    scale[key] = value;
  }
  return scale;
}

const STATUSES = ["confirmed", "confirmed", "confirmed", "cancelled"] as const;
/** Activities of the hand-written museums for a generated visit: its venue and one workshop slot. */
const VISITS = [
  ["venue-york-roman-quarter", "act-roman-life", "Life in Roman Eboracum workshop", 450],
  ["venue-leeds-natural-history", "act-dinosaur-detectives", "Dinosaur detectives workshop", 400],
  ["venue-bradford-colour-works", "act-dyes-pattern", "Dyes and pattern workshop", 500],
  ["venue-aire-valley-mills", "act-mill-workers", "Victorian mill workers workshop", 450],
] as const;

/**
 * The demo school's orders at a scale: the first `count` of `handWritten`, then generated
 * visits (ids ord-g000001…, half of them upcoming, half past), each a function of its number.
 */
export function scaledOrders(handWritten: readonly Order[], school: OrganisationSummary, today: string, count: number): Order[] {
  const orders = handWritten.slice(0, count);
  for (let n = 1; orders.length < count; n++) orders.push(generatedOrder(school, today, n));
  return orders;
}

function generatedOrder(school: OrganisationSummary, today: string, n: number): Order {
  const [venueId, activityId, workshop, pence] = VISITS[n % VISITS.length]!;
  // Alternately ahead and behind, spread over about three years each way.
  const days = (n % 2 === 0 ? 1 : -1) * (7 + ((n * 37) % 1_000));
  const pupils = 20 + (n % 41);
  const adults = Math.ceil(pupils / 8);
  return order(school, today, {
    id: `ord-g${String(n).padStart(6, "0")}`,
    reference: `GV-${String(700_000 + n).padStart(6, "0")}`,
    kind: "visit",
    status: STATUSES[n % STATUSES.length]!,
    venueId,
    visitDate: addDays(today, days),
    arrivalTime: "10:00",
    participants: pupils + adults,
    lines: [
      line("General admission: pupils", pupils, 0),
      line("Supervising adults (1 for every 8 pupils, free)", adults, 0),
      line(workshop, pupils, pence),
    ],
    payment: { method: "invoice", status: "paid" },
    schedule: [slot(activityId, "10:30", pupils)],
    timeline: [[Math.min(days, 0) - 30, "09:00", "booked", "Booking made by Amara Okafor."]],
  });
}

const TOWNS = ["Halifax", "Huddersfield", "Wakefield", "Harrogate", "Scarborough", "Hull", "Doncaster", "Sheffield", "Ripon", "Skipton"];
const SUBJECTS = ["Railway", "Textile", "Coal", "Maritime", "Art", "Toy", "Science", "Costume", "Folk Life", "Pottery"];

/**
 * Museums at a scale: the first `count` hand-written ones, then generated ones
 * (venue-generated-001…), each with copies of Aire Valley Mills' activities under ids of
 * its own; the activities of museums left out are left out too.
 */
export function scaledVenues(count: number): { venues: Venue[]; activities: CatalogueActivity[] } {
  const venues: Venue[] = structuredClone(handWrittenVenues.slice(0, count));
  const template = handWrittenActivities.filter((a) => a.venueId === handWrittenVenues[0]!.id);
  const activities: CatalogueActivity[] = structuredClone(handWrittenActivities.filter((a) => venues.some((v) => v.id === a.venueId)));
  for (let n = 1; venues.length < count; n++) {
    const id = `venue-generated-${String(n).padStart(3, "0")}`;
    const town = TOWNS[n % TOWNS.length]!;
    const name = `${town} ${SUBJECTS[Math.floor(n / TOWNS.length) % SUBJECTS.length]} Museum${n >= TOWNS.length * SUBJECTS.length ? ` ${n}` : ""}`;
    venues.push({ id, name, town, address: { line1: `${n} Museum Street`, town, postcode: `HX${1 + (n % 9)} ${n % 10}AB` }, summary: `Generated museum number ${n}.` });
    for (const a of template) activities.push({ ...structuredClone(a), id: `${a.id}-g${n}`, venueId: id });
  }
  return { venues, activities };
}
