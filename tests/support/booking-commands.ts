import fc from "fast-check";
import { expect } from "vitest";
import { STEP_PATHS, type Flow, type FlowStep } from "../../app/booking/steps";
import type { Backend } from "../../mocks/backend";
import type { Activity, Basket } from "../../generated/schemas";
import { loaderData, type Harness, type Page } from "./route-harness";

// The steps of the booking flows as commands of a fast-check model run
// (tests/flows/one-view-of-a-booking.test.tsx): each opens its step's page as a user does,
// changes some of the answers the page shows and submits the form. What the user last saved
// is the model; the gateway's basket is what the commands check it against.

export interface Model {
  flow: Flow;
  /** The gateway's next step and completed steps, after the last command. */
  next: string;
  done: readonly string[];
  /** What the user last saved: the museum, the arrival time. */
  venueId: string | null;
  arrival: string | null;
}

export interface Real {
  h: Harness;
  backend: Backend;
  userId: string;
  kind: "visit" | "group-visit";
  /** The museums the date step offers this user (read once: they do not change). */
  venues?: string[];
  /** Checks every view against the basket (after each command) and updates the model. */
  observe: (model: Model) => Promise<void>;
}

export type Command = fc.AsyncCommand<Model, Real>;

/** The booking in progress, as the gateway keeps it. */
export function openBasket(r: Pick<Real, "backend" | "userId" | "kind">): Basket | null {
  return r.backend.booking.listBaskets(r.userId, { kind: r.kind }).find((b) => b.status === "open" || b.status === "held") ?? null;
}

const ARRIVALS = ["10:00", "10:15", "10:30", "11:00", "11:30", "12:00"] as const;
const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length > 0 ? list[n % list.length] : undefined);

/** Opens a step's page; null when the app sends the user elsewhere (the step is not open). */
async function stepPage(r: Real, step: FlowStep): Promise<Page | null> {
  const page = await r.h.open(STEP_PATHS[step]);
  return page.path === STEP_PATHS[step] ? page : null;
}

/** Values of the enabled inputs named `name` (radios, checkboxes) or options of the select. */
function choices(page: Page, selector: string): string[] {
  return [...(page.document?.querySelectorAll(selector) ?? [])].filter((e) => !e.hasAttribute("disabled")).map((e) => e.getAttribute("value") ?? "").filter(Boolean);
}

/** What the runs did, by command: run, and saved (the gateway took it). */
export const tally = new Map<string, { run: number; saved: number }>();
export function count(command: string, saved: boolean) {
  const t = tally.get(command) ?? { run: 0, saved: 0 };
  t.run++;
  if (saved) t.saved++;
  tally.set(command, t);
}

/** One step's page answered: true when the gateway saved what was sent. */
export abstract class Step {
  abstract act(m: Model, r: Real): Promise<boolean>;
}

/**
 * A user's move: on to the step the gateway says is due, or back to one already done (the
 * `back`th) to change it, with the answers drawn for each step (a step without answers,
 * e.g. review, is left as it is). Every move does something, wherever the run has got to.
 */
export class Go implements Command {
  private did = "";
  constructor(readonly back: number | null, readonly answers: Partial<Record<string, Step>>) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const step = this.back === null ? m.next : (m.done[this.back % Math.max(1, m.done.length)] ?? m.next);
    const answer = this.answers[step];
    this.did = `${this.back === null ? "on to" : "back to"} ${step}${answer ? `: ${String(answer)}` : ""}`;
    if (!answer) return;
    count(answer.constructor.name, await answer.act(m, r));
    await r.observe(m);
  }
  toString = () => this.did || `Go(${this.back ?? "on"})`;
}

/** The date step: a museum (another one changes the venue) and an open day some months ahead. */
export class ChooseDate extends Step {
  constructor(readonly venue: number, readonly monthsAhead: number, readonly day: number) {
    super();
  }
  async act(m: Model, r: Real): Promise<boolean> {
    r.venues ??= loaderData<{ venues: { id: string }[] }>(await r.h.open(STEP_PATHS.date), "routes/book/date").venues.map((v) => v.id);
    const venueId = pick(r.venues, this.venue)!;
    const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + this.monthsAhead, 1)).toISOString().slice(0, 7);
    const page = await r.h.open(`${STEP_PATHS.date}?venue=${venueId}&month=${month}`);
    const { availability } = loaderData<{ availability: { days: { date: string; status: string }[] } }>(page, "routes/book/date");
    const day = pick(availability.days.filter((d) => d.status === "available" || d.status === "limited"), this.day);
    if (!day) return false;
    const before = openBasket(r);
    const saved = await r.h.post(STEP_PATHS.date, { venueId, visitDate: day.date });
    if (!saved.location) return false;
    const basket = openBasket(r)!;
    expect(basket).toMatchObject({ venue: { id: venueId }, visitDate: day.date });
    // A group's details go with a new day (the gateway's rule): its arrival with them.
    if (m.flow === "group" && (before?.venue?.id !== venueId || before?.visitDate !== day.date)) m.arrival = null;
    m.venueId = venueId;
    return true;
  }
  toString = () => `ChooseDate(venue ${this.venue}, +${this.monthsAhead} months, day ${this.day})`;
}

/**
 * The information step: numbers, lunch space and arrival (with enough adults for the
 * ratios); or, once it is saved and `onlyLunch`, the lunch question answered again with
 * nothing else changed (as from the review's "Change your group details").
 */
export class SaveInformation extends Step {
  constructor(
    readonly pupils: number, readonly older: number, readonly extraAdults: number, readonly carers: number,
    readonly lunch: boolean, readonly arrival: number, readonly onlyLunch: boolean,
  ) {
    super();
  }
  async act(m: Model, r: Real): Promise<boolean> {
    const page = await stepPage(r, "information");
    if (!page) return false;
    const lunchSpace = this.lunch ? "yes" : "no";
    if (this.onlyLunch && openBasket(r)?.information) {
      const saved = await r.h.submit(page, "Save and continue", { lunchSpace });
      if (saved.location) expect(openBasket(r)!.information?.lunchSpace).toBe(this.lunch);
      return Boolean(saved.location);
    }
    const adults = Math.ceil(this.pupils / 8) + Math.ceil(this.older / 10) + this.extraAdults;
    const arrival = ARRIVALS[this.arrival % ARRIVALS.length]!;
    const saved = await r.h.submit(page, "Save and continue", {
      "band-5-11": String(this.pupils), "band-11-16": String(this.older), adults: String(adults),
      oneToOneCarers: String(this.carers), lunchSpace, arrivalTime: arrival,
    });
    if (!saved.location) return false;
    const info = openBasket(r)!.information;
    expect(info).toMatchObject({ lunchSpace: this.lunch, arrivalTime: arrival, adults, oneToOneCarers: this.carers });
    m.arrival = arrival;
    return true;
  }
  toString = () =>
    this.onlyLunch
      ? `SaveInformation(lunch ${this.lunch ? "yes" : "no"} only)`
      : `SaveInformation(${this.pupils} aged 5–11, ${this.older} aged 11–16, +${this.extraAdults} adults, ${this.carers} carers, lunch ${this.lunch ? "yes" : "no"}, arrival ${ARRIVALS[this.arrival % ARRIVALS.length]})`;
}

/** "Plan your day": some activities at some times (or none), lunch space when it is offered. */
export class PlanDay extends Step {
  constructor(readonly picks: readonly { activity: number; slot: number }[], readonly lunch: boolean, readonly lunchSlot: number) {
    super();
  }
  async act(_: Model, r: Real): Promise<boolean> {
    const page = await stepPage(r, "schedule");
    if (!page) return false;
    const { activities, arrival, groupSize } = loaderData<{ activities: Activity[]; arrival?: string; groupSize: number }>(page, "routes/book/schedule");
    const changes: Record<string, string> = Object.fromEntries(activities.map((a) => [`slot.${a.id}`, ""]));
    // The times the page offers that fit the whole group, from arrival on (as a user would choose).
    const open = (a: Activity) => a.slots.filter((s) => s.remainingCapacity >= groupSize && (!arrival || s.start >= arrival)).map((s) => s.id);
    const others = activities.filter((a) => a.kind !== "lunch-space");
    for (const p of this.picks) {
      const a = pick(others, p.activity);
      if (a) changes[`slot.${a.id}`] = pick(open(a), p.slot) ?? "";
    }
    const lunch = activities.find((a) => a.kind === "lunch-space");
    if (lunch && this.lunch) changes[`slot.${lunch.id}`] = pick(open(lunch), this.lunchSlot) ?? "";
    const saved = await r.h.submit(page, "Save and continue", changes);
    if (!saved.location) return false;
    const chosen = Object.values(changes).filter(Boolean).sort();
    expect(openBasket(r)!.schedule.map((e) => e.slotId).sort()).toEqual(chosen);
    return true;
  }
  toString = () => `PlanDay(${JSON.stringify(this.picks)}, lunch ${this.lunch ? `at ${this.lunchSlot}` : "no"})`;
}

/** Group activities: a subset of the exhibitions, tours and shows offered (removing the rest). */
export class ChooseActivities extends Step {
  constructor(readonly chosen: readonly boolean[]) {
    super();
  }
  async act(_: Model, r: Real): Promise<boolean> {
    const page = await stepPage(r, "group-activities");
    if (!page) return false;
    const ids = choices(page, 'input[name="activityId"]').filter((_, i) => this.chosen[i % this.chosen.length]);
    const saved = await r.h.submit(page, "Save and continue", { activityId: ids });
    if (!saved.location) return false;
    expect(openBasket(r)!.groupActivityIds).toEqual(ids);
    return true;
  }
  toString = () => `ChooseActivities(${this.chosen.map((c) => (c ? "x" : "-")).join("")})`;
}

export interface TicketPick {
  slot: number;
  adult: number;
  child: number;
  concession: number;
  carer: number;
}

/** Times and tickets: for each chosen activity one time and some tickets of each type. */
export class ChooseTickets extends Step {
  constructor(readonly rows: readonly TicketPick[]) {
    super();
  }
  async act(_: Model, r: Real): Promise<boolean> {
    const page = await stepPage(r, "group-capacities");
    if (!page) return false;
    const count = page.document!.querySelectorAll('input[name$=".rows"]').length;
    const changes: Record<string, string> = {};
    for (let a = 0; a < count; a++) {
      const row = this.rows[a % this.rows.length]!;
      changes[`${a}.rows`] = "1";
      changes[`${a}.0.slot`] = pick(choices(page, `select[name="${a}.0.slot"] option`), row.slot) ?? "";
      for (const type of ["adult", "child", "concession", "carer"] as const) changes[`${a}.0.${type}`] = row[type] ? String(row[type]) : "";
    }
    const saved = await r.h.submit(page, "Save and continue", changes);
    if (!saved.location) return false;
    const sent = Object.entries(changes).filter(([k, v]) => /\.0\.(adult|child|concession|carer)$/.test(k) && v).reduce((n, [, v]) => n + Number(v), 0);
    expect(openBasket(r)!.tickets.reduce((n, t) => n + t.quantity, 0)).toBe(sent);
    return true;
  }
  toString = () => `ChooseTickets(${JSON.stringify(this.rows)})`;
}

/** Group details: the lead contact, arrival time and coach. */
export class SaveGroupDetails extends Step {
  constructor(readonly arrival: number, readonly coaches: number) {
    super();
  }
  async act(m: Model, r: Real): Promise<boolean> {
    const page = await stepPage(r, "group-details");
    if (!page) return false;
    const arrival = ARRIVALS[this.arrival % ARRIVALS.length]!;
    const saved = await r.h.submit(page, "Save and continue", {
      groupName: "Model run group", leadName: "Lee Contact", leadMobile: "07700 900461", arrivalTime: arrival,
      coach: this.coaches > 0 ? "yes" : "no", coaches: this.coaches > 0 ? String(this.coaches) : "",
    });
    if (!saved.location) return false;
    expect(openBasket(r)!.groupDetails).toMatchObject({ arrivalTime: arrival, coaches: this.coaches });
    m.arrival = arrival;
    return true;
  }
  toString = () => `SaveGroupDetails(arrival ${ARRIVALS[this.arrival % ARRIVALS.length]}, ${this.coaches} coaches)`;
}

/** Payment: one of the ways the page offers (a free booking has only "nothing to pay"). */
export class ChoosePayment extends Step {
  constructor(readonly choice: number) {
    super();
  }
  async act(_: Model, r: Real): Promise<boolean> {
    const page = await stepPage(r, "payment");
    if (!page) return false;
    const choice = pick(choices(page, 'input[name="choice"]:not([type="hidden"])'), this.choice);
    return Boolean((await r.h.submit(page, "Save and continue", choice ? { choice } : {})).location);
  }
  toString = () => `ChoosePayment(${this.choice})`;
}
