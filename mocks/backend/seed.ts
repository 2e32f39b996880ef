import { addDays, instant } from "./dates";
import { seedOrganisations } from "./seed-organisations";
import { seedOrdersForDemoSchool, seedOtherOrders } from "./seed-orders";
import { type SeedScale, scaledOrders, scaledVenues } from "./seed-scale";
import { activities, outreachActivities, venues } from "./seed-venues";
import type {
  AssociationRecord,
  CatalogueActivity,
  CatalogueOutreachActivity,
  Order,
  Organisation,
  OrganisationSummary,
  User,
  Venue,
} from "./types";

/** The documented demo account (skeleton-api.md, "Demo data"). */
export const DEMO_USER = {
  id: "usr-1001",
  email: "teacher@example.org",
  password: "museum-visit-2026",
  organisationId: "org-1001",
} as const;

/**
 * Booking e2e (tests/e2e/booking.spec.ts): one approved lead per test, each at a school or
 * group no other seeded user belongs to, so tests running in parallel never share a basket
 * or an organisation's orders.
 */
export const BOOKING_E2E_USERS: readonly [id: string, email: string, firstName: string, lastName: string, groupType: User["groupType"], organisationId: string][] = [
  ["usr-1101", "booking.invoice@example.org", "Grace", "Whitfield", "education", "org-1007"],
  ["usr-1102", "booking.card@example.org", "Ben", "Okoro", "education", "org-1008"],
  ["usr-1103", "booking.declined@example.org", "Chloe", "Varga", "education", "org-1009"],
  ["usr-1104", "booking.double@example.org", "Dev", "Mistry", "education", "org-1010"],
  ["usr-1105", "booking.resume@example.org", "Ella", "Brandt", "education", "org-1012"],
  ["usr-1106", "booking.ratio@example.org", "Finn", "Calloway", "education", "org-1013"],
  ["usr-1107", "booking.soldout@example.org", "Gita", "Rao", "education", "org-1011"],
  ["usr-2101", "booking.free@example.org", "Hana", "Novak", "home-education", "org-2002"],
  ["usr-2102", "booking.keys@example.org", "Ivo", "Marsh", "home-education", "org-2003"],
  ["usr-2103", "booking.rival@example.org", "Jude", "Farrow", "home-education", "org-2004"],
  ["usr-2104", "booking.nojs@example.org", "Kit", "Ramsey", "home-education", "org-2005"],
  ["usr-1114", "booking.moretime@example.org", "Vera", "Holt", "education", "org-1018"],
  // Answered by the embedded default's test controls (tests/e2e/embedded-controls.ts): they
  // make no orders, so each shares a school with a booking test above.
  ["usr-1115", "booking.unheld@example.org", "Wren", "Ashdown", "education", "org-1007"],
  ["usr-1116", "booking.lapse@example.org", "Yara", "Pelham", "education", "org-1008"],
  ["usr-2105", "booking.freefail@example.org", "Zeb", "Orrell", "home-education", "org-2002"],
  // Refused by the API Gateway in front, by test control (tests/e2e/gateway-refusals.spec.ts):
  // their first call of an operation in a session. They make no orders either.
  ["usr-1117", "refusal.orders@example.org", "Ada", "Thornbury", "education", "org-1009"],
  ["usr-1118", "refusal.information@example.org", "Bram", "Heskett", "education", "org-1010"],
  // Outreach e2e: schools in the outreach region, one outside it (Manchester), and a tour operator.
  ["usr-1108", "outreach.school@example.org", "Lena", "Marsh", "education", "org-1014"],
  ["usr-1109", "outreach.keys@example.org", "Omar", "Quayle", "education", "org-1015"],
  ["usr-1110", "outreach.resume@example.org", "Pia", "Hartley", "education", "org-1016"],
  ["usr-1111", "outreach.outside@example.org", "Rhys", "Dunmore", "education", "org-1017"],
  ["usr-3101", "outreach.operator@example.org", "Sana", "Iqbal", "tour-operator", "org-3002"],
  // Keyboard-only e2e (tests/e2e/keyboard.spec.ts): a visit, an outreach request, a group
  // visit, the account pages (details and organisations), an order (seed-orders.ts, ord-5301),
  // editing an organisation's details as its lead, leaving an organisation, and a group visit
  // booked then increased from its order page.
  ["usr-1112", "keyboard.visit@example.org", "Tomasz", "Wren", "education", "org-1002"],
  ["usr-1113", "keyboard.outreach@example.org", "Uma", "Sefton", "education", "org-1006"],
  ["usr-3102", "keyboard.group@example.org", "Wyn", "Ashby", "tour-operator", "org-3003"],
  ["usr-4101", "keyboard.account@example.org", "Xanthe", "Pickering", "other-group", "org-4005"],
  ["usr-4102", "keyboard.orders@example.org", "Yusuf", "Bellamy", "other-group", "org-4004"],
  ["usr-3103", "keyboard.organisation@example.org", "Zara", "Lindqvist", "tour-operator", "org-3004"],
  ["usr-3104", "keyboard.leave@example.org", "Alun", "Mercer", "tour-operator", "org-3005"],
  ["usr-4103", "keyboard.numbers@example.org", "Bryony", "Castell", "other-group", "org-4002"],
  // One view of a booking (tests/e2e/booking-truth.spec.ts): lunch space answered No from the
  // review, and a tour operator's arrival and change links on the review, each at their own.
  ["usr-1119", "truth.lunch@example.org", "Cara", "Dunning", "education", "org-1019"],
  ["usr-3105", "truth.operator@example.org", "Dev", "Okafor", "tour-operator", "org-3006"],
  // Accessibility e2e (tests/e2e/focus-and-text.spec.ts): a chosen day in the visit calendar,
  // and the outreach calendar and schedule modals, at every zoom.
  ["usr-1120", "a11y.visit@example.org", "Cara", "Duffield", "education", "org-1020"],
  ["usr-1121", "a11y.outreach@example.org", "Esme", "Ellery", "education", "org-1021"],
  // A page prefetched before a change is not shown after it (tests/e2e/prefetch.spec.ts).
  ["usr-1124", "prefetch.lunch@example.org", "Kit", "Marlow", "education", "org-1019"],
];

/** Members of two schools who switch between them (tests/e2e/round-trip/routes.ts): one for each e2e project. */
export const ROUND_TRIP_SWITCH_USERS: readonly [id: string, email: string, firstName: string][] = [
  ["usr-1122", "round.trip.switch.js@example.org", "Jess"],
  ["usr-1123", "round.trip.switch.nojs@example.org", "Noel"],
];

/** Every other seeded login shares the demo password: they exist for demos and e2e. */
export interface SeedUser {
  user: User;
  password: string;
}

export interface SeedData {
  venues: Venue[];
  activities: CatalogueActivity[];
  outreachActivities: CatalogueOutreachActivity[];
  organisations: Organisation[];
  users: SeedUser[];
  associations: AssociationRecord[];
  orders: Order[];
  newsletterSubscribers: string[];
}

export function summariseOrganisation(o: Organisation): OrganisationSummary {
  return { id: o.id, name: o.name, groupType: o.groupType, town: o.town, postcode: o.postcode };
}

function seedUsers(): SeedUser[] {
  const password = DEMO_USER.password;
  return [
    {
      password,
      user: {
        id: DEMO_USER.id, email: DEMO_USER.email, title: "Ms", firstName: "Amara", lastName: "Okafor",
        phone: "0113 496 0124", jobTitle: "Year 4 teacher", marketingConsent: true,
        groupType: "education", currentOrganisationId: DEMO_USER.organisationId,
      },
    },
    {
      password,
      user: {
        id: "usr-1002", email: "office@riverside-primary.example.org", title: "Mr", firstName: "Daniel",
        lastName: "Haigh", jobTitle: "School business manager", marketingConsent: false,
        groupType: "education", currentOrganisationId: "org-1001",
      },
    },
    {
      password,
      user: {
        id: "usr-1003", email: "imran.hussain@example.org", title: "Mr", firstName: "Imran",
        lastName: "Hussain", phone: "01632 960115", jobTitle: "Humanities lead", marketingConsent: false,
        groupType: "education", currentOrganisationId: "org-1004",
      },
    },
    {
      // Moving school: still awaiting approval at the new one.
      password,
      user: {
        id: "usr-1004", email: "new.teacher@example.org", firstName: "Hannah", lastName: "Brooke",
        jobTitle: "Reception teacher", marketingConsent: false, groupType: "education",
        currentOrganisationId: null,
      },
    },
    {
      // Works at two schools (association e2e: switching the current organisation).
      password,
      user: {
        id: "usr-1005", email: "supply.teacher@example.org", title: "Ms", firstName: "Ruth", lastName: "Akhtar",
        jobTitle: "Supply teacher", marketingConsent: false, groupType: "education", currentOrganisationId: "org-1005",
      },
    },
    {
      // A member of one school (association e2e: asking to join another, leaving).
      password,
      user: {
        id: "usr-1006", email: "music.tutor@example.org", firstName: "Owen", lastName: "Pryce",
        jobTitle: "Peripatetic music tutor", marketingConsent: false, groupType: "education",
        currentOrganisationId: "org-1003",
      },
    },
    {
      password,
      user: {
        id: "usr-2001", email: "home@example.org", firstName: "Priya", lastName: "Shah",
        marketingConsent: true, groupType: "home-education", currentOrganisationId: "org-2001",
      },
    },
    {
      password,
      user: {
        id: "usr-3001", email: "operator@example.org", title: "Mr", firstName: "Tom", lastName: "Whitaker",
        phone: "07700 900461", jobTitle: "Groups manager", marketingConsent: false,
        groupType: "tour-operator", currentOrganisationId: "org-3001",
      },
    },
    {
      password,
      user: {
        id: "usr-4001", email: "club@example.org", title: "Mrs", firstName: "Margaret", lastName: "Ellis",
        jobTitle: "Outings secretary", marketingConsent: true, groupType: "other-group",
        currentOrganisationId: "org-4001",
      },
    },
    {
      // Forgets their password (password reset e2e).
      password,
      user: {
        id: "usr-4002", email: "scout.leader@example.org", firstName: "Gareth", lastName: "Lowe",
        jobTitle: "Group Scout Leader", marketingConsent: false, groupType: "other-group",
        currentOrganisationId: "org-4003",
      },
    },
    // Forms round-trip e2e (tests/e2e/round-trip/): acting for one school or the other, one user per project (JavaScript on, off).
    ...ROUND_TRIP_SWITCH_USERS.map(([id, email, firstName]) => ({
      password,
      user: { id, email, firstName, lastName: "Switcher", marketingConsent: false, groupType: "education" as const, currentOrganisationId: "org-1005" },
    })),
    ...BOOKING_E2E_USERS.map(([id, email, firstName, lastName, groupType, organisationId]) => ({
      password,
      user: { id, email, firstName, lastName, marketingConsent: false, groupType, currentOrganisationId: organisationId },
    })),
  ];
}

function seedAssociations(today: string): AssociationRecord[] {
  const at = (days: number) => instant(addDays(today, days), "10:00");
  return [
    { userId: "usr-1001", organisationId: "org-1001", status: "approved", role: "lead", requestedAt: at(-400) },
    { userId: "usr-1002", organisationId: "org-1001", status: "approved", role: "member", requestedAt: at(-380) },
    { userId: "usr-1003", organisationId: "org-1004", status: "approved", role: "lead", requestedAt: at(-200) },
    { userId: "usr-1004", organisationId: "org-1002", status: "pending", role: "member", requestedAt: at(-2) },
    { userId: "usr-1005", organisationId: "org-1005", status: "approved", role: "member", requestedAt: at(-120) },
    { userId: "usr-1005", organisationId: "org-1006", status: "approved", role: "member", requestedAt: at(-60) },
    { userId: "usr-1006", organisationId: "org-1003", status: "approved", role: "member", requestedAt: at(-30) },
    { userId: "usr-2001", organisationId: "org-2001", status: "approved", role: "lead", requestedAt: at(-90) },
    { userId: "usr-3001", organisationId: "org-3001", status: "approved", role: "lead", requestedAt: at(-300) },
    { userId: "usr-4001", organisationId: "org-4001", status: "approved", role: "lead", requestedAt: at(-150) },
    { userId: "usr-4002", organisationId: "org-4003", status: "approved", role: "lead", requestedAt: at(-75) },
    ...ROUND_TRIP_SWITCH_USERS.flatMap(([userId]) => ["org-1005", "org-1003"].map((organisationId): AssociationRecord => (
      { userId, organisationId, status: "approved", role: "member", requestedAt: at(-50) }
    ))),
    ...BOOKING_E2E_USERS.map(([userId, , , , , organisationId]): AssociationRecord => (
      { userId, organisationId, status: "approved", role: "lead", requestedAt: at(-100) }
    )),
  ];
}

/**
 * Deterministic seed data; dates are relative to `today` (YYYY-MM-DD). A scale (seed-scale.ts)
 * generates more orders or museums for measuring; without one the seed is the hand-written one.
 */
export function createSeed(today: string, scale: SeedScale = {}): SeedData {
  const organisations = seedOrganisations();
  const summaryOf = (id: string): OrganisationSummary => {
    const found = organisations.find((o) => o.id === id);
    if (!found) throw new Error(`Seed refers to unknown organisation ${id}`);
    return summariseOrganisation(found);
  };
  const demoSchool = summaryOf(DEMO_USER.organisationId);
  const demoOrders = seedOrdersForDemoSchool(demoSchool, today);
  const catalogue = scale.venues === undefined
    ? { venues: structuredClone([...venues]), activities: structuredClone([...activities]) }
    : scaledVenues(scale.venues);
  return {
    ...catalogue,
    outreachActivities: structuredClone([...outreachActivities]),
    organisations,
    users: seedUsers(),
    associations: seedAssociations(today),
    orders: [
      ...(scale.orders === undefined ? demoOrders : scaledOrders(demoOrders, demoSchool, today, scale.orders)),
      ...seedOtherOrders(summaryOf, today),
    ],
    newsletterSubscribers: ["teacher@example.org", "club@example.org"],
  };
}
