import type { CatalogueActivity, CatalogueOutreachActivity, GroupType, Venue } from "./types";

// The fictional "West Riding Museums" group.
export const venues: readonly Venue[] = [
  {
    id: "venue-aire-valley-mills",
    name: "Aire Valley Mills Museum",
    town: "Leeds",
    address: { line1: "Canal Road, Armley", town: "Leeds", postcode: "LS12 2QF" },
    summary: "A working woollen mill on the Leeds and Liverpool Canal: spinning mules, steam power and the lives of mill children.",
  },
  {
    id: "venue-leeds-natural-history",
    name: "Leeds Museum of Natural History",
    town: "Leeds",
    address: { line1: "Millennium Square", town: "Leeds", postcode: "LS2 8BH" },
    summary: "Fossils, dinosaurs, Yorkshire wildlife and a planetarium.",
  },
  {
    id: "venue-bradford-colour-works",
    name: "Bradford Colour Works Gallery",
    town: "Bradford",
    address: { line1: "Little Germany, Vicar Lane", town: "Bradford", postcode: "BD1 5AH" },
    summary: "Art, textiles and the chemistry of colour in a Victorian dye warehouse.",
  },
  {
    id: "venue-york-roman-quarter",
    name: "York Roman Quarter Museum",
    town: "York",
    address: { line1: "Museum Street", town: "York", postcode: "YO1 7DR" },
    summary: "Roman Eboracum and Viking Jorvik, with a hands-on archaeology dig.",
  },
];

const schools: GroupType[] = ["education", "home-education"];
const groups: GroupType[] = ["tour-operator", "other-group"];
const everyone: GroupType[] = [...schools, ...groups];
const gbp = (amount: number) => ({ amount, currency: "GBP" as const });

type Row = Omit<CatalogueActivity, "price" | "groupTypes"> & { price: number; groupTypes: GroupType[] };

const rows: Row[] = [
  { id: "act-mill-workers", venueId: "venue-aire-valley-mills", kind: "workshop", name: "Victorian mill workers",
    summary: "Pupils clock in as Victorian mill hands, card wool and meet the overlooker.",
    durationMinutes: 60, capacityPerSlot: 32, price: 450, ageBands: ["5-11"], groupTypes: schools },
  { id: "act-spinning-show", venueId: "venue-aire-valley-mills", kind: "show", name: "Spinning and weaving demonstration",
    summary: "Our engineers run the spinning mule and a Victorian loom.",
    durationMinutes: 30, capacityPerSlot: 80, price: 0, groupTypes: everyone },
  { id: "act-mill-tour", venueId: "venue-aire-valley-mills", kind: "tour", name: "Guided mill tour",
    summary: "From fleece to finished cloth, with a volunteer guide.",
    durationMinutes: 60, capacityPerSlot: 25, price: 600, groupTypes: groups,
    ticketPrices: [
      { ticketType: "adult", price: gbp(600) }, { ticketType: "child", price: gbp(300) },
      { ticketType: "concession", price: gbp(450) }, { ticketType: "carer", price: gbp(0) },
    ] },
  { id: "act-mill-lunch", venueId: "venue-aire-valley-mills", kind: "lunch-space", name: "Lunch space",
    summary: "A heated lunch room with coat racks and bins; bring packed lunches.",
    durationMinutes: 30, capacityPerSlot: 60, price: 0, groupTypes: schools },
  { id: "act-dinosaur-detectives", venueId: "venue-leeds-natural-history", kind: "workshop", name: "Dinosaur detectives",
    summary: "Handle real fossils and work out what the dinosaurs ate.",
    durationMinutes: 45, capacityPerSlot: 30, price: 400, ageBands: ["under-5", "5-11"], groupTypes: schools },
  { id: "act-rocks-fossils", venueId: "venue-leeds-natural-history", kind: "workshop", name: "Rocks and fossils",
    summary: "Sort rocks, test them and take a fossil cast home.",
    durationMinutes: 60, capacityPerSlot: 32, price: 450, ageBands: ["5-11"], groupTypes: schools },
  { id: "act-planetarium", venueId: "venue-leeds-natural-history", kind: "show", name: "Planetarium show: Our Solar System",
    summary: "A live presenter guides the group around the night sky.",
    durationMinutes: 30, capacityPerSlot: 45, price: 350, ageBands: ["5-11", "11-16", "16-18"], groupTypes: everyone },
  { id: "act-nh-lunch", venueId: "venue-leeds-natural-history", kind: "lunch-space", name: "Lunch space",
    summary: "Lunch room beside the Discovery Gallery.",
    durationMinutes: 30, capacityPerSlot: 90, price: 0, groupTypes: schools },
  { id: "act-dyes-pattern", venueId: "venue-bradford-colour-works", kind: "workshop", name: "Dyes and pattern",
    summary: "Extract natural dyes and print a repeating pattern on cotton.",
    durationMinutes: 75, capacityPerSlot: 30, price: 500, ageBands: ["5-11", "11-16"], groupTypes: everyone },
  { id: "act-threads-exhibition", venueId: "venue-bradford-colour-works", kind: "exhibition", name: "Threads of the World exhibition",
    summary: "Textiles from Bradford's trading partners, 1850 to today.",
    durationMinutes: 45, capacityPerSlot: 80, price: 0, groupTypes: everyone },
  { id: "act-roman-life", venueId: "venue-york-roman-quarter", kind: "workshop", name: "Life in Roman Eboracum",
    summary: "Dress as legionaries, handle Roman objects and build a testudo.",
    durationMinutes: 60, capacityPerSlot: 32, price: 450, ageBands: ["5-11"], groupTypes: schools },
  { id: "act-viking-stories", venueId: "venue-york-roman-quarter", kind: "show", name: "Viking Jorvik storytelling",
    summary: "Sagas and songs around a longhouse hearth.",
    durationMinutes: 30, capacityPerSlot: 40, price: 300, ageBands: ["under-5", "5-11"], groupTypes: schools },
  { id: "act-archaeology-dig", venueId: "venue-york-roman-quarter", kind: "workshop", name: "Archaeology dig",
    summary: "Excavate, record and identify finds in our indoor dig pit.",
    durationMinutes: 90, capacityPerSlot: 24, price: 550, ageBands: ["5-11", "11-16"], groupTypes: schools },
  { id: "act-roman-walk", venueId: "venue-york-roman-quarter", kind: "tour", name: "Roman York walking tour",
    summary: "From the fortress walls to the bath house, with a costumed guide.",
    durationMinutes: 90, capacityPerSlot: 25, price: 700, groupTypes: groups,
    ticketPrices: [
      { ticketType: "adult", price: gbp(700) }, { ticketType: "child", price: gbp(350) },
      { ticketType: "concession", price: gbp(550) }, { ticketType: "carer", price: gbp(0) },
    ] },
  { id: "act-york-lunch", venueId: "venue-york-roman-quarter", kind: "lunch-space", name: "Lunch space",
    summary: "Undercroft lunch room, step-free from the coach drop-off.",
    durationMinutes: 30, capacityPerSlot: 64, price: 0, groupTypes: schools },
];

/** Per-person price in pence; tours carry per-ticket prices as well. */
export const activities: readonly CatalogueActivity[] = rows.map((row) => ({ ...row, price: gbp(row.price) }));

/** Workshops and shows a venue's team brings to schools in the outreach region (docs/requirements.md §8.7). */
const ON_SITE = ["adv-hall-space", "adv-parking", "adv-access", "adv-safety"];
const WITH_POWER = ["adv-hall-space", "adv-power", "adv-parking", "adv-access", "adv-safety"];

export const outreachActivities: readonly CatalogueOutreachActivity[] = [
  { id: "out-romans-classroom", venueId: "venue-york-roman-quarter", kind: "workshop", name: "Romans in your classroom",
    summary: "Our team brings armour, coins and a Roman kitchen to your school hall.",
    durationMinutes: 90, maxPupilsPerSession: 32, pricePerSession: gbp(18000), ageBands: ["5-11"],
    advisoryIds: ON_SITE },
  { id: "out-victorian-schoolroom", venueId: "venue-aire-valley-mills", kind: "show", name: "Victorian schoolroom",
    summary: "A strict Victorian teacher turns your classroom into an 1890s board school.",
    durationMinutes: 60, maxPupilsPerSession: 30, pricePerSession: gbp(15000), ageBands: ["5-11"],
    advisoryIds: WITH_POWER },
  { id: "out-fossil-roadshow", venueId: "venue-leeds-natural-history", kind: "workshop", name: "Fossil roadshow",
    summary: "Handle real fossils, look through our microscopes and make a cast to keep.",
    durationMinutes: 60, maxPupilsPerSession: 30, pricePerSession: gbp(16000), ageBands: ["under-5", "5-11"],
    advisoryIds: WITH_POWER },
  { id: "out-planetarium-dome", venueId: "venue-leeds-natural-history", kind: "show", name: "Planetarium dome",
    summary: "Our inflatable dome turns your hall into a planetarium, with a live presenter.",
    durationMinutes: 45, maxPupilsPerSession: 35, pricePerSession: gbp(22000), ageBands: ["5-11", "11-16"],
    advisoryIds: WITH_POWER },
  { id: "out-colour-chemistry", venueId: "venue-bradford-colour-works", kind: "workshop", name: "The chemistry of colour",
    summary: "Extract dyes, test pH indicators and make a colour-changing print.",
    durationMinutes: 75, maxPupilsPerSession: 30, pricePerSession: gbp(17000), ageBands: ["11-16"],
    advisoryIds: WITH_POWER },
];
