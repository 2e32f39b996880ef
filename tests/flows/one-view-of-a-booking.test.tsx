import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLOW_KINDS, FLOW_STEPS, flowFor, STEP_PATHS, type Flow } from "../../app/booking/steps";
import { EMBEDDED_CMS_URL, EMBEDDED_GATEWAY_URL } from "../../app/runtime/config.server";
import { startEmbeddedBackend } from "../../mocks/server";
import type { Basket, GroupType, Quote } from "../../generated/schemas";
import {
  ChooseActivities, ChooseDate, ChoosePayment, ChooseTickets, Go, openBasket, PlanDay, SaveGroupDetails,
  SaveInformation, count, tally, type Command, type Model, type Real, type Step,
} from "../support/booking-commands";
import { basketArrival, expectedOfBasket, expectedOfOrder, priceOf, shownBooking, termsOf, text, type ShownBooking } from "../support/booking-pages";
import { createHarness } from "../support/route-harness";

// One view of a booking (issue 22; docs/architecture.md §2.3): random step sequences for each
// group type — going back and changing answers (lunch yes → no → yes, numbers up and down,
// arrival time, activities removed, venue changed), following the review's change links,
// paying and checking out — through the route modules' actions and loaders, as a browser
// without JavaScript sends them, against the embedded default's backend. After every step,
// every view of the booking (the card beside the step; at review also "Your visit", "Your
// day" and the price) must say what the gateway's basket says, and what the user last saved;
// after checkout, the confirmation, the order page and the order itself what the last review
// said. BOOKING_MODEL_RUNS sets the runs per group type.

const RUNS = Number(process.env.BOOKING_MODEL_RUNS ?? 5);
const PASSWORD = "museum-visit-2026";
/** A seeded user of each group type with an approved organisation (mocks/backend/seed.ts). */
const USERS: Record<GroupType, string> = {
  education: "teacher@example.org",
  "home-education": "booking.free@example.org",
  "tour-operator": "operator@example.org",
  "other-group": "club@example.org",
};

const embedded = startEmbeddedBackend({ gatewayBaseUrl: EMBEDDED_GATEWAY_URL, cmsBaseUrl: EMBEDDED_CMS_URL, onUnhandledRequest: "error" });
afterAll(() => embedded.close());
const { backend } = embedded;

function quoteOf(r: Pick<Real, "userId">, basket: Basket): Quote | null {
  const quote = backend.booking.getBasketQuote(r.userId, basket.id);
  return quote.ok ? quote.value : null;
}

/** The steps a review links back to: every step of the flow before it (payment only when there is something to pay). */
function stepsBeforeReview(flow: Flow, basket: Basket): string[] {
  const steps = FLOW_STEPS[flow];
  return steps.slice(0, steps.indexOf("review")).filter((s) => s !== "payment" || basket.payment?.method !== "none").map((s) => STEP_PATHS[s]);
}

function expectReview(shown: ShownBooking, basket: Basket, quote: Quote | null, flow: Flow) {
  const expected = expectedOfBasket(basket, quote);
  expect(shown.visit).toMatchObject({ Museum: expected.venue, Arriving: expected.arrival });
  expect(shown.day).toEqual([`${expected.arrival} Arrive`, ...expected.day, expect.stringMatching(/ Leave /)]);
  expect(shown.price).toEqual(expected.price);
  if (basket.information) expect(shown.visit?.["Lunch space"]).toBe(basket.information.lunchSpace ? "Yes" : "No");
  // Change links: each step of the user's own flow, from its table, none of another flow.
  expect(shown.changeLinks.map((l) => l.href)).toEqual(stepsBeforeReview(flow, basket));
}

/** After each command: what the user saved is what the gateway keeps, and every page says what the gateway keeps. */
function observer(r: Omit<Real, "observe">) {
  return async (m: Model) => {
    const basket = openBasket(r);
    m.next = basket?.nextStep ?? "date";
    m.done = basket?.completedSteps ?? [];
    if (!basket) return;
    if (m.venueId) expect(basket.venue?.id).toBe(m.venueId);
    expect(basketArrival(basket)).toBe(m.arrival);
    // The basket books nothing the user said no to, nor tickets for an activity taken off.
    if (basket.information?.lunchSpace === false) expect(basket.schedule.filter((e) => e.kind === "lunch-space")).toEqual([]);
    for (const t of basket.tickets) expect(basket.groupActivityIds ?? []).toContain(t.activityId);

    const page = await r.h.open(STEP_PATHS.review);
    const shown = shownBooking(page.document!);
    const priced = page.path === STEP_PATHS.review || page.path === STEP_PATHS.payment;
    const quote = priced ? quoteOf(r, basket) : null;
    const expected = expectedOfBasket(basket, quote);
    expect(shown.card["Museum"]).toBe(expected.venue ?? undefined);
    expect(shown.card["Arriving"]).toBe(expected.arrival ?? undefined);
    expect(shown.cardDay).toEqual(expected.day);
    expect(shown.card["People"]?.split(" ")[0]).toBe(expected.people > 0 ? String(expected.people) : undefined);
    expect(shown.card["Total"]).toBe(expected.price?.total);
    if (page.path === STEP_PATHS.review) expectReview(shown, basket, quote, m.flow);
  };
}

/**
 * Lunch space reconsidered: from the review's "Change your group details" when the review
 * is open (else the information step itself), the saved answer turned round, nothing else
 * changed, and saved — yes → no → yes as runs go on.
 */
class FlipLunch implements Command {
  check = (m: Readonly<Model>) => m.flow === "standard" && m.done.includes("information");
  async run(m: Model, r: Real) {
    const saved = openBasket(r)?.information;
    if (!saved) return;
    const review = await r.h.open(STEP_PATHS.review);
    const link = [...(review.document?.querySelectorAll("a") ?? [])].find((a) => text(a) === "Change your group details");
    const page = await r.h.open(link?.getAttribute("href") ?? STEP_PATHS.information);
    const lunch = !saved.lunchSpace;
    const done = await r.h.submit(page, "Save and continue", { lunchSpace: lunch ? "yes" : "no" });
    if (done.location) expect(openBasket(r)!.information?.lunchSpace).toBe(lunch);
    count("FlipLunch", Boolean(done.location));
    await r.observe(m);
  }
  toString = () => "FlipLunch";
}

/** From the review, one of its change links: it must open that step of the user's own flow. */
class FollowChangeLink implements Command {
  constructor(readonly link: number) {}
  check = (m: Readonly<Model>) => m.next === "review";
  async run(m: Model, r: Real) {
    count("FollowChangeLink", await this.act(r));
    await r.observe(m);
  }
  async act(r: Real): Promise<boolean> {
    const review = await r.h.open(STEP_PATHS.review);
    const links = [...review.document!.querySelectorAll('ul[aria-label="Change your booking"] a')];
    const link = links[this.link % Math.max(1, links.length)];
    if (!link) throw new Error("The review shows no change links");
    const href = link.getAttribute("href")!;
    const step = await r.h.get(href);
    expect({ link: text(link), status: step.status, redirectedTo: step.location }).toEqual({ link: text(link), status: 200, redirectedTo: null });
    return true;
  }
  toString = () => `FollowChangeLink(${this.link})`;
}

/** Confirm at review (paying on the hosted page if asked): the order is what the review said. */
class Checkout implements Command {
  check = (m: Readonly<Model>) => m.next === "review";
  async run(m: Model, r: Real) {
    let review = await r.h.open(STEP_PATHS.review);
    if (review.path !== STEP_PATHS.review) return count("Checkout", false);
    if (review.document!.querySelector("form.notice button")) {
      await r.h.submit(review, "Hold my places");
      review = await r.h.open(STEP_PATHS.review);
    }
    const confirm = [...review.document!.querySelectorAll("button")].find((b) => /^Confirm/.test(text(b)));
    if (!confirm || confirm.hasAttribute("disabled")) return count("Checkout", false);
    const said = shownBooking(review.document!);
    const basket = openBasket(r)!;
    const quote = quoteOf(r, basket);

    const ordersBefore = r.backend.state.orders.size;
    let page = await r.h.submit(review, /^Confirm/, { acceptTerms: "on" });
    if (page.status === 409) {
      // The day filled up (earlier runs' orders share the backend), as it can for anyone: the
      // review says so, and no order is made. Whatever the reason, the page must tell it.
      const alert = page.document!.querySelector('[role="alert"]');
      expect(text(alert)).toMatch(/places are left|sold out/);
      expect(r.backend.state.orders.size).toBe(ordersBefore);
      return count("Checkout", false);
    }
    if (page.location?.startsWith("/hosted-payment/")) page = await r.h.submit(await r.h.open(page.location), /^Pay £/);
    page = await r.h.follow(page);
    expect(page.path).toMatch(/^\/account\/book\/confirmation\?orderId=/);
    const orderId = new URL(page.path, "http://localhost").searchParams.get("orderId")!;
    const order = r.backend.getOrder(r.userId, orderId)!;
    expect(expectedOfOrder(order)).toEqual(expectedOfBasket(basket, quote));

    const arrival = said.visit!["Arriving"];
    const confirmation = termsOf(page.document!.querySelector("dl.card"));
    expect(confirmation["Visit"]).toContain(`arriving ${arrival}`);
    expect(confirmation["People"]).toBe(String(basket.participants));
    expect(priceOf(page.document!)).toEqual(said.price);

    const orderPage = (await r.h.open(`/account/orders/${orderId}`)).document!;
    const summary = termsOf(orderPage.querySelector("dl.card"));
    expect(summary["Visit"]).toContain(`arriving ${arrival}`);
    expect(summary["Participants"]).toBe(String(basket.participants));
    if (m.flow === "group") expect(summary["Group"]).toBe(said.visit!["Group"]);
    const dayHeading = [...orderPage.querySelectorAll("h2")].find((h) => text(h) === "Your day");
    const orderDay = [...(dayHeading?.nextElementSibling?.querySelectorAll("li") ?? [])].map((li) => text(li).replace(/ \(\d+ (person|people)\)$/, ""));
    expect(orderDay).toEqual(said.day!.slice(0, -1));
    const free = (rows: string[][] | undefined) => rows?.map((row) => row.map((cell) => (cell === "Free" ? "£0.00" : cell)));
    expect(free(priceOf(orderPage)?.rows)).toEqual(free(said.price?.rows));
    m.venueId = null;
    m.arrival = null;
    count("Checkout", true);
    await r.observe(m);
  }
  toString = () => "Checkout";
}

const chooseDate = fc.tuple(fc.nat(3), fc.integer({ min: 2, max: 5 }), fc.nat(30)).map(([v, months, d]) => new ChooseDate(v, months, d));
const choosePayment = fc.nat(3).map((n) => new ChoosePayment(n));

/** Answers for each step of a flow, one set drawn for each move. */
const ANSWERS: Record<Flow, fc.Arbitrary<Partial<Record<string, Step>>>> = {
  standard: fc.record({
    date: chooseDate,
    // Numbers, lunch and arrival; or (half the time, once saved) only lunch answered again.
    information: fc
      .tuple(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 30 }), fc.nat(2), fc.nat(2), fc.boolean(), fc.nat(5), fc.boolean())
      .map(([pupils, older, extra, carers, lunch, arrival, onlyLunch]) => new SaveInformation(pupils, older, extra, carers, lunch, arrival, onlyLunch)),
    // Lunch space, when offered, is chosen four times in five (else the gateway asks for it).
    schedule: fc
      .tuple(fc.array(fc.record({ activity: fc.nat(9), slot: fc.nat(9) }), { maxLength: 2 }), fc.nat(4).map((n) => n > 0), fc.nat(5))
      .map(([picks, lunch, slot]) => new PlanDay(picks, lunch, slot)),
    payment: choosePayment,
  }),
  group: fc.record({
    date: chooseDate,
    "group-activities": fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }).map((chosen) => new ChooseActivities(chosen)),
    "group-capacities": fc
      .array(fc.record({ slot: fc.nat(9), adult: fc.nat(15), child: fc.nat(10), concession: fc.nat(5), carer: fc.nat(2) }), { minLength: 1, maxLength: 3 })
      .map((rows) => new ChooseTickets(rows)),
    "group-details": fc.tuple(fc.nat(5), fc.nat(2)).map(([arrival, coaches]) => new SaveGroupDetails(arrival, coaches)),
    payment: choosePayment,
  }),
};

// fc.commands picks each arbitrary alike: moving on is listed three times and going back
// twice; following a change link once; checking out twice (it waits for review); and in the
// standard flow, turning the lunch answer round once.
const commandsOf = (flow: Flow): fc.Arbitrary<Command>[] => {
  const on = ANSWERS[flow].map((answers) => new Go(null, answers));
  const back = fc.tuple(fc.nat(6), ANSWERS[flow]).map(([step, answers]) => new Go(step, answers));
  const checkout = fc.constant(new Checkout());
  const flips = flow === "standard" ? [fc.constant(new FlipLunch())] : [];
  return [on, on, on, back, back, fc.nat(6).map((n) => new FollowChangeLink(n)), checkout, checkout, ...flips];
};

describe.each(Object.keys(USERS) as GroupType[])("every view of a %s booking agrees with the basket", (groupType) => {
  const flow = flowFor(groupType);
  let real: Real;

  beforeAll(async () => {
    const h = await createHarness();
    const login = await h.post("/login", { email: USERS[groupType], password: PASSWORD, redirectTo: "/account" });
    expect(login.location).toBe("/account");
    const userId = [...backend.state.users.values()].find((u) => u.user.email === USERS[groupType])!.user.id;
    const base = { h, backend, userId, kind: FLOW_KINDS[flow] };
    real = { ...base, observe: observer(base) };
  }, 60_000);
  afterAll(() => {
    real?.h.close();
    // What the runs did, so a run that never got far is seen.
    console.log(`${groupType}: ${[...tally].map(([name, t]) => `${name} ${t.saved}/${t.run}`).join(", ")}`);
    tally.clear();
  });

  it(`through random steps, going back and changing answers, to checkout (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commandsOf(flow), { maxCommands: 30, size: "max" }), async (commands) => {
        // Each run starts a new booking, as "Start a new booking" on the card does.
        const date = await real.h.open(STEP_PATHS.date);
        if (date.document!.querySelector('input[name="intent"][value="discard"]')) await real.h.submit(date, "Start a new booking");
        const model: Model = { flow, next: "date", done: [], venueId: null, arrival: null };
        await fc.asyncModelRun(() => ({ model, real }), commands);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 600_000);
});
