import { seedOrganisations } from "../backend/seed-organisations.ts";
import { INWARD_LETTERS, OUTREACH_REGION, PLACE_NAMES, SAINTS, STREET_NAMES, STREET_TYPES, SURNAMES, TOWNS, type Town } from "./places.ts";
import { createRandom, hashString, mix32, type Random } from "./prng.ts";
import type { GroupType, OrganisationRecord } from "./types.ts";

// The organisations of the embedded search index: the 29 hand-written ones of
// mocks/backend (same objectIDs, so the gateway knows whichever is picked) and
// GENERATED_COUNT generated ones. Each generated organisation is a pure function of
// its number (its own seeded PRNG), so any one can be rebuilt from its objectID alone
// (findOrganisation) without generating the other 49,999: the mock gateway can answer
// getOrganisation for any organisation the search shows.

export const GENERATED_COUNT = 50_000;
const SEED = 0x5eed_2026;
const GENERATED_ID = /^org-(\d{6})$/;
const FIRST_GENERATED = 100_000;

export function generatedObjectID(n: number): string {
  return `org-${FIRST_GENERATED + n}`;
}

interface Context {
  rng: Random;
  town: Town;
  place: () => string;
  saint: () => string;
  surname: () => string;
}

interface KindSpec {
  kind: string;
  weight: number;
  size: readonly [min: number, max: number];
  names: readonly ((c: Context) => string)[];
}

const ordinal = (n: number) => `${n}${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`;
const denomination = (rng: Random) => rng.pick(["Catholic", "Church of England", "CofE", "Methodist", "Catholic", "Church of England"]);
const compass = (rng: Random) => rng.pick(["North", "South", "East", "West", "Central"]);

const KINDS: Record<GroupType, readonly KindSpec[]> = {
  education: [
    {
      kind: "Primary school", weight: 38, size: [90, 650], names: [
        (c) => `${c.place()} Primary School`,
        (c) => `${c.saint()} ${denomination(c.rng)} Primary School`,
        (c) => `${c.place()} Community Primary School`,
        (c) => `${c.place()} Junior and Infant School`,
        (c) => `${c.town.name} ${c.place()} Primary School`,
      ],
    },
    { kind: "Infant school", weight: 6, size: [60, 360], names: [(c) => `${c.place()} Infant School`, (c) => `${c.saint()} ${denomination(c.rng)} Infant School`] },
    { kind: "Junior school", weight: 5, size: [120, 480], names: [(c) => `${c.place()} Junior School`, (c) => `${c.saint()} Junior School`] },
    {
      kind: "Secondary school", weight: 13, size: [500, 1900], names: [
        (c) => `${c.place()} High School`,
        (c) => `${c.place()} School`,
        (c) => `${c.place()} Community College`,
        (c) => `${c.saint()} ${denomination(c.rng)} High School`,
        (c) => `${c.town.name} ${compass(c.rng)} High School`,
      ],
    },
    {
      kind: "Secondary academy", weight: 10, size: [500, 1700], names: [
        (c) => `${c.place()} Academy`,
        (c) => `${c.town.name} ${compass(c.rng)} Academy`,
        (c) => `The ${c.place()} Academy`,
        (c) => `${c.saint()} ${denomination(c.rng)} Academy`,
      ],
    },
    { kind: "Primary academy", weight: 8, size: [150, 630], names: [(c) => `${c.place()} Primary Academy`, (c) => `${c.town.name} ${c.place()} Primary Academy`] },
    { kind: "Sixth form college", weight: 3, size: [400, 2600], names: [(c) => `${c.town.name} Sixth Form College`, (c) => `${c.place()} Sixth Form College`, (c) => `${c.saint()} Sixth Form College`] },
    { kind: "Special school", weight: 5, size: [30, 260], names: [(c) => `${c.place()} Special School`, (c) => `${c.place()} School`, (c) => `${c.place()} Academy`] },
    {
      kind: "Grammar school", weight: 2, size: [700, 1400], names: [
        (c) => `${c.town.name} Grammar School`,
        (c) => `${c.rng.pick(["King Edward VI", "Queen Elizabeth's", "Queen Mary's", "King James's", "Prince Henry's"])} Grammar School`,
      ],
    },
    { kind: "Nursery school", weight: 4, size: [30, 140], names: [(c) => `${c.place()} Nursery School`, (c) => `${c.place()} Children's Centre and Nursery`] },
    { kind: "Independent school", weight: 4, size: [150, 1100], names: [(c) => `${c.place()} School`, (c) => `${c.place()} College`, (c) => `${c.place()} Preparatory School`] },
    { kind: "Free school", weight: 2, size: [100, 900], names: [(c) => `${c.place()} Free School`] },
  ],
  "home-education": [
    {
      kind: "Home education group", weight: 50, size: [8, 90], names: [
        (c) => `${c.town.name} Home Educators`,
        (c) => `${c.town.name} Home Ed Group`,
        (c) => `${c.place()} Home Learners`,
        (c) => `${c.town.name} Home Education Network`,
      ],
    },
    { kind: "Home education co-operative", weight: 25, size: [6, 60], names: [(c) => `${c.town.name} Home Ed Co-op`, (c) => `${c.place()} Home Ed Explorers`] },
    { kind: "Forest school group", weight: 15, size: [8, 50], names: [(c) => `${c.place()} Forest School Families`, (c) => `Little Explorers ${c.town.name}`] },
    { kind: "Home learning network", weight: 10, size: [20, 150], names: [(c) => `${c.town.name} Home Learning Network`, (c) => `${c.place()} Learning Together`] },
  ],
  "tour-operator": [
    {
      kind: "Tour company", weight: 30, size: [2, 80], names: [
        (c) => `${c.town.name} Tours Ltd`,
        (c) => `${c.place()} Heritage Tours`,
        (c) => `${c.surname()} & ${c.surname()} Tours`,
        (c) => `${c.rng.pick(["Northern", "Pennine", "Heritage", "Discovery", "Horizon", "Compass", "Evergreen", "Premier", "Classic", "Golden", "Countryside", "Coastal", "Dales", "Moorland"])} Journeys Ltd`,
      ],
    },
    { kind: "Coach operator", weight: 25, size: [4, 250], names: [(c) => `${c.surname()} Coaches`, (c) => `${c.place()} Coach Holidays`, (c) => `${c.town.name} Coachways`] },
    { kind: "Educational tour operator", weight: 20, size: [3, 120], names: [(c) => `${c.town.name} Educational Travel`, (c) => `${c.surname()} School Tours`, (c) => `Study Trips ${c.town.name}`] },
    { kind: "Travel agency", weight: 15, size: [2, 40], names: [(c) => `${c.surname()} Travel Ltd`, (c) => `${c.town.name} Travel Centre`] },
    { kind: "Group travel organiser", weight: 10, size: [1, 30], names: [(c) => `${c.surname()} Group Travel`, (c) => `${c.place()} Days Out`] },
  ],
  "other-group": [
    { kind: "Scout group", weight: 14, size: [20, 120], names: [(c) => `${ordinal(c.rng.int(1, 15))} ${c.town.name} Scout Group`, (c) => `${ordinal(c.rng.int(1, 6))} ${c.place()} Scout Group`] },
    { kind: "Guide unit", weight: 8, size: [12, 60], names: [(c) => `${ordinal(c.rng.int(1, 12))} ${c.town.name} Guides`] },
    { kind: "Brownie pack", weight: 6, size: [10, 30], names: [(c) => `${ordinal(c.rng.int(1, 8))} ${c.place()} Brownies`] },
    { kind: "Community choir", weight: 10, size: [15, 120], names: [(c) => `${c.town.name} Community Choir`, (c) => `${c.place()} Singers`, (c) => `${c.town.name} Male Voice Choir`] },
    {
      kind: "Charity", weight: 12, size: [5, 400], names: [
        (c) => `${c.town.name} ${c.rng.pick(["Sight Loss", "Dementia", "Carers", "Refugee", "Young People's", "Stroke"])} Support`,
        (c) => `Friends of ${c.place()} Park`,
        (c) => `${c.place()} Community Trust`,
      ],
    },
    { kind: "Women's Institute", weight: 8, size: [15, 90], names: [(c) => `${c.place()} Women's Institute`, (c) => `${c.town.name} WI`] },
    { kind: "U3A group", weight: 8, size: [40, 600], names: [(c) => `${c.town.name} U3A`, (c) => `${c.town.name} & District U3A`] },
    { kind: "Social club", weight: 8, size: [10, 80], names: [(c) => `${c.place()} Over-60s Club`, (c) => `${c.town.name} Lunch Club`, (c) => `${c.place()} Friendship Group`] },
    { kind: "Youth club", weight: 8, size: [15, 150], names: [(c) => `${c.place()} Youth Club`] },
    { kind: "Church group", weight: 6, size: [10, 100], names: [(c) => `${c.saint()} Church Fellowship`, (c) => `${c.place()} Methodist Church Group`] },
    { kind: "History society", weight: 6, size: [15, 200], names: [(c) => `${c.town.name} Local History Society`, (c) => `${c.town.name} Civic Society`, (c) => `${c.place()} Heritage Group`] },
    { kind: "Sports club", weight: 4, size: [30, 400], names: [(c) => `${c.town.name} Rugby Club`, (c) => `${c.place()} Cricket Club`, (c) => `${c.town.name} Athletics Club`] },
    { kind: "Rotary club", weight: 2, size: [15, 60], names: [(c) => `Rotary Club of ${c.town.name}`] },
  ],
};

const GROUP_TYPE_WEIGHTS: Record<GroupType, number> = { education: 60, "other-group": 20, "tour-operator": 12, "home-education": 8 };
const GROUP_TYPE_LIST = Object.keys(GROUP_TYPE_WEIGHTS) as GroupType[];
/** Rating 1..5 weights: most visits are rated well. */
const RATING_WEIGHTS = [4, 8, 23, 37, 28] as const;
const RATINGS = [1, 2, 3, 4, 5] as const;
const VERIFIED_SHARE = 0.72;

const LETTERS = [...INWARD_LETTERS];

function postcode(rng: Random, town: Town): string {
  const [area, from, to] = rng.pick(town.districts);
  return `${area}${rng.int(from, to)} ${rng.int(0, 9)}${rng.pick(LETTERS)}${rng.pick(LETTERS)}`;
}

function addressLine(rng: Random, groupType: GroupType, place: string): string {
  const street = `${rng.pick(STREET_NAMES)} ${rng.pick(STREET_TYPES)}`;
  if (groupType === "education" && rng.chance(0.6)) return street;
  if ((groupType === "other-group" || groupType === "home-education") && rng.chance(0.4)) {
    return `${place} ${rng.pick(["Community Centre", "Village Hall", "Library", "Methodist Church Hall", "Scout Hut"])}, ${street}`;
  }
  if (groupType === "tour-operator" && rng.chance(0.3)) return `Unit ${rng.int(1, 24)}, ${rng.pick(STREET_NAMES)} Business Park`;
  return `${rng.int(1, 240)} ${street}`;
}

/** A URN: 6 digits, unique among generated schools, never one of the hand-written (all below 150000). */
function urnOf(n: number): string {
  return String(150_000 + ((n * 104_729 + 40_009) % 850_000));
}

/** A Companies House number: SC/NI prefixes in Scotland and Northern Ireland, else 8 digits. */
function companyNumberOf(seed: number, region: string): string {
  const six = String(100_000 + (seed % 900_000));
  if (region === "Scotland") return `SC${six}`;
  if (region === "Northern Ireland") return `NI${six}`;
  return String(1_000_000 + (seed % 13_000_000)).padStart(8, "0");
}

/** The n-th generated organisation (0 ≤ n < GENERATED_COUNT); pure. */
export function generatedOrganisation(n: number): OrganisationRecord {
  const rng = createRandom(mix32(SEED ^ Math.imul(n + 1, 0x9e3779b1)));
  const groupType = rng.weighted(GROUP_TYPE_LIST, (g) => GROUP_TYPE_WEIGHTS[g]);
  const spec = rng.weighted(KINDS[groupType], (k) => k.weight);
  const town = rng.weighted(TOWNS, (tw) => tw.weight);
  let lastPlace = "";
  const context: Context = {
    rng,
    town,
    place: () => (lastPlace = town.places && rng.chance(0.4) ? rng.pick(town.places) : rng.pick(PLACE_NAMES)),
    saint: () => rng.pick(SAINTS),
    surname: () => rng.pick(SURNAMES),
  };
  const name = rng.pick(spec.names)(context);
  const place = lastPlace || rng.pick(PLACE_NAMES);
  const size = rng.int(spec.size[0], spec.size[1]);
  const rating = rng.weighted(RATINGS, (r) => RATING_WEIGHTS[r - 1] ?? 1);
  const verified = rng.chance(VERIFIED_SHARE);
  const address = addressLine(rng, groupType, place);
  const code = postcode(rng, town);
  const identifier =
    groupType === "education" ? urnOf(n) : groupType === "tour-operator" ? companyNumberOf(mix32(n + SEED), town.region) : null;
  return {
    objectID: generatedObjectID(n),
    name,
    groupType,
    kind: spec.kind,
    address,
    town: town.name,
    postcode: code,
    region: town.region,
    size,
    identifier,
    rating,
    outreachRegion: town.region === OUTREACH_REGION,
    verified,
  };
}

/** The hand-written organisations of mocks/backend as index documents (same objectIDs). */
export function handWrittenOrganisations(): OrganisationRecord[] {
  return seedOrganisations().map((o) => {
    const seed = hashString(o.id);
    const rng = createRandom(seed);
    const spec = KINDS[o.groupType].find((k) => k.kind === o.kind);
    const [min, max] = spec?.size ?? [10, 120];
    return {
      objectID: o.id,
      name: o.name,
      groupType: o.groupType,
      kind: o.kind,
      address: o.address.line1,
      town: o.town,
      postcode: o.postcode,
      region: o.region,
      size: o.numberOfPupils ?? rng.int(min, max),
      identifier:
        o.urn ?? (o as { companyNumber?: string }).companyNumber ?? (o.groupType === "tour-operator" ? companyNumberOf(seed, o.region) : null),
      rating: rng.weighted(RATINGS, (r) => RATING_WEIGHTS[r - 1] ?? 1),
      outreachRegion: o.region === OUTREACH_REGION,
      // The gateway knows these well: they are the verified examples.
      verified: true,
    };
  });
}

/** Every document of the index: hand-written first, then the generated ones. */
export function allOrganisations(count: number = GENERATED_COUNT): OrganisationRecord[] {
  const records = handWrittenOrganisations();
  for (let n = 0; n < count; n++) records.push(generatedOrganisation(n));
  return records;
}

let handWrittenById: Map<string, OrganisationRecord> | undefined;

/**
 * The index document with this objectID, hand-written or generated, without building
 * the index; undefined when no organisation of the index has it.
 */
export function findOrganisation(objectID: string, count: number = GENERATED_COUNT): OrganisationRecord | undefined {
  const generated = GENERATED_ID.exec(objectID);
  if (generated) {
    const n = Number(generated[1]) - FIRST_GENERATED;
    return n >= 0 && n < count ? generatedOrganisation(n) : undefined;
  }
  handWrittenById ??= new Map(handWrittenOrganisations().map((o) => [o.objectID, o]));
  return handWrittenById.get(objectID);
}
