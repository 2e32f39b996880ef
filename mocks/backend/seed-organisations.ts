import type { GroupType, Organisation } from "./types";

type EducationPhase = NonNullable<Organisation["phase"]>;

// Hand-written organisations of every group type, mostly in West and North
// Yorkshire (the outreach region) with a few further afield. Phone numbers are
// from Ofcom's ranges reserved for drama, so none rings a real line.
type Row = [
  id: string,
  name: string,
  groupType: GroupType,
  kind: string,
  line1: string,
  town: string,
  postcode: string,
  region: string,
  extra?: {
    phone?: string; urn?: string; numberOfPupils?: number; line2?: string;
    phase?: EducationPhase; ageRange?: [number, number]; companyNumber?: string; countryOfOperation?: string;
    numberOfFamilies?: number; description?: string;
  },
];

const YH = "Yorkshire and the Humber";
const NW = "North West";

const rows: Row[] = [
  ["org-1001", "Riverside Primary School", "education", "Primary school", "14 Canal Wharf Road", "Leeds", "LS11 5PQ", YH, { phone: "0113 496 0123", urn: "107412", numberOfPupils: 420, line2: "Holbeck", phase: "primary", ageRange: [4, 11] }],
  ["org-1002", "St Aidan's Church of England Primary School", "education", "Primary school", "2 Harehills Lane", "Leeds", "LS9 7QR", YH, { phone: "0113 496 0456", urn: "107998", numberOfPupils: 210, phase: "primary", ageRange: [4, 11] }],
  ["org-1003", "Bramley Park Academy", "education", "Secondary academy", "Stanningley Road", "Leeds", "LS13 4BT", YH, { phone: "0113 496 0789", urn: "140115", numberOfPupils: 1150, phase: "secondary", ageRange: [11, 18] }],
  ["org-1004", "Manningham Lane Primary School", "education", "Primary school", "31 Manningham Lane", "Bradford", "BD8 7HB", YH, { phone: "01632 960114", urn: "107265", numberOfPupils: 630, phase: "primary", ageRange: [3, 11] }],
  ["org-1005", "Heaton Grange High School", "education", "Secondary school", "Parsonage Road", "Bradford", "BD9 4DR", YH, { phone: "01632 960227", urn: "107450", numberOfPupils: 1400, phase: "secondary", ageRange: [11, 16] }],
  ["org-1006", "Minster View Primary School", "education", "Primary school", "Bootham Crescent", "York", "YO30 7AJ", YH, { phone: "01632 960358", urn: "121512", numberOfPupils: 315, phase: "primary", ageRange: [4, 11] }],
  ["org-1007", "Fulford Road Sixth Form College", "education", "Sixth form college", "88 Fulford Road", "York", "YO10 4BE", YH, { phone: "01632 960471", urn: "130588", numberOfPupils: 1800, phase: "sixteen-plus", ageRange: [16, 19] }],
  ["org-1008", "Ilkley Moor Infant School", "education", "Infant school", "Cowpasture Road", "Ilkley", "LS29 8RH", YH, { phone: "01632 960502", urn: "107316", numberOfPupils: 180, phase: "primary", ageRange: [4, 7] }],
  ["org-1009", "Calder Valley Special School", "education", "Special school", "Hanson Lane", "Halifax", "HX1 5PG", YH, { phone: "01632 960619", urn: "107599", numberOfPupils: 95, phase: "all-through", ageRange: [3, 19] }],
  ["org-1010", "Wharfedale Grammar School", "education", "Grammar school", "Farnley Lane", "Otley", "LS21 2BB", YH, { phone: "01632 960733", urn: "121707", numberOfPupils: 1250, phase: "secondary", ageRange: [11, 18] }],
  ["org-1011", "Kirkstall Forge Nursery School", "education", "Nursery school", "Bridge Road", "Leeds", "LS5 3BW", YH, { phone: "0113 496 0912", urn: "107203", numberOfPupils: 60, phase: "nursery", ageRange: [2, 4] }],
  ["org-1012", "Humber Estuary Academy", "education", "Secondary academy", "Hessle Road", "Hull", "HU3 4AE", YH, { phone: "01632 960845", urn: "138202", numberOfPupils: 980, phase: "secondary", ageRange: [11, 16] }],
  ["org-1013", "Ancoats Primary School", "education", "Primary school", "Pollard Street", "Manchester", "M4 7AN", NW, { phone: "0161 496 0321", urn: "105432", numberOfPupils: 340, phase: "primary", ageRange: [4, 11] }],
  ["org-1014", "Hebden Royd Primary School", "education", "Primary school", "Church Lane", "Hebden Bridge", "HX7 6DS", YH, { phone: "01632 960956", urn: "107557", numberOfPupils: 240, phase: "primary", ageRange: [4, 11] }],
  ["org-1015", "Saltaire Primary School", "education", "Primary school", "Albert Road", "Shipley", "BD18 4NR", YH, { phone: "01632 960967", urn: "107288", numberOfPupils: 410, phase: "primary", ageRange: [4, 11] }],
  ["org-1016", "Esk Valley Primary School", "education", "Primary school", "Castle Road", "Whitby", "YO21 3LF", YH, { phone: "01632 960978", urn: "121433", numberOfPupils: 190, phase: "primary", ageRange: [4, 11] }],
  ["org-1017", "Didsbury Road Primary School", "education", "Primary school", "Didsbury Road", "Manchester", "M20 6RL", NW, { phone: "0161 496 0654", urn: "105521", numberOfPupils: 460, phase: "primary", ageRange: [4, 11] }],
  ["org-1018", "Calder Vale Primary School", "education", "Primary school", "Burnley Road", "Todmorden", "OL14 7DA", YH, { phone: "01632 960989", urn: "107601", numberOfPupils: 210, phase: "primary", ageRange: [4, 11] }],
  ["org-1019", "Meanwood Valley Primary School", "education", "Primary school", "Green Road", "Leeds", "LS6 4LF", YH, { phone: "01632 960991", urn: "107655", numberOfPupils: 240, phase: "primary", ageRange: [4, 11] }],
  // The accessibility e2e's schools (tests/e2e/focus-and-text.spec.ts): a visit and an outreach request.
  ["org-1020", "Marsden Moor Primary School", "education", "Primary school", "Towngate", "Huddersfield", "HD7 6BU", YH, { phone: "01632 960994", urn: "107760", numberOfPupils: 198, phase: "primary", ageRange: [4, 11] }],
  ["org-1021", "Wetherby Ings Primary School", "education", "Primary school", "Ings Lane", "Wetherby", "LS22 6PL", YH, { phone: "01632 960995", urn: "121488", numberOfPupils: 265, phase: "primary", ageRange: [4, 11] }],
  ["org-2001", "Leeds Home Learners", "home-education", "Home education group", "Headingley Community Centre, North Lane", "Leeds", "LS6 3HU", YH, { numberOfPupils: 38, numberOfFamilies: 14 }],
  ["org-2002", "Bradford Home Education Network", "home-education", "Home education group", "Eccleshill Library, Bolton Road", "Bradford", "BD2 4SR", YH, { numberOfPupils: 52, numberOfFamilies: 21 }],
  ["org-2003", "York Home Ed Explorers", "home-education", "Home education co-operative", "Tang Hall Community Centre", "York", "YO31 0UT", YH, { numberOfPupils: 24, numberOfFamilies: 9 }],
  ["org-2004", "Dales Home Educators", "home-education", "Home education group", "Craven Hall, High Street", "Skipton", "BD23 1JD", YH, { numberOfPupils: 17, numberOfFamilies: 6 }],
  ["org-2005", "Wakefield Learning Together", "home-education", "Home education group", "Westgate Chapel Rooms", "Wakefield", "WF1 2DZ", YH, { numberOfPupils: 29, numberOfFamilies: 11 }],
  ["org-3001", "Dales & Minster Tours Ltd", "tour-operator", "Tour company", "7 Stonegate", "York", "YO1 8AN", YH, { phone: "01632 960990", companyNumber: "09876543", countryOfOperation: "GB" }],
  ["org-3002", "Pennine Coach Holidays", "tour-operator", "Coach operator", "Unit 4, Leeds Road Depot", "Huddersfield", "HD1 6NW", YH, { phone: "01632 960901", companyNumber: "04512378", countryOfOperation: "GB" }],
  ["org-3003", "Heritage Trails UK", "tour-operator", "Tour company", "22 Parliament Street", "Harrogate", "HG1 2RL", YH, { phone: "01632 960912", companyNumber: "11223344", countryOfOperation: "GB" }],
  ["org-3004", "Study Abroad Yorkshire", "tour-operator", "Educational tour operator", "Park Square East", "Leeds", "LS1 2NE", YH, { phone: "0113 496 0555", companyNumber: "SC612345", countryOfOperation: "GB" }],
  ["org-3005", "Lakes & Dales Coach Travel", "tour-operator", "Coach operator", "Mintsfeet Road South", "Kendal", "LA9 6ND", NW, { phone: "01632 960923", companyNumber: "07766554", countryOfOperation: "GB" }],
  ["org-3006", "Calder Heritage Journeys", "tour-operator", "Tour company", "Hope Street", "Hebden Bridge", "HX7 8AQ", YH, { phone: "01632 960945", companyNumber: "08812345", countryOfOperation: "GB" }],
  ["org-4001", "Headingley Over-60s Club", "other-group", "Social club", "St Michael's Parish Hall, Bennett Road", "Leeds", "LS6 3HN", YH, { description: "A social club for people over 60 in Headingley, with monthly outings." }],
  ["org-4002", "Heaton Women's Institute", "other-group", "Women's Institute", "Heaton Village Hall", "Bradford", "BD9 5JY", YH, { description: "A Women's Institute meeting monthly in Heaton, with talks and visits." }],
  ["org-4003", "1st York Scout Group", "other-group", "Scout group", "Scout Hut, Dringhouses", "York", "YO24 1AZ", YH, { description: "Beavers, Cubs and Scouts aged 6 to 14 in south York." }],
  ["org-4004", "Kirkgate Community Trust", "other-group", "Charity", "Kirkgate Market Offices", "Leeds", "LS2 7HY", YH, { phone: "0113 496 0666", description: "A charity running community activities around Kirkgate Market." }],
  ["org-4005", "Ouse Valley U3A", "other-group", "U3A group", "Clements Hall, Nunthorpe Road", "York", "YO23 1BW", YH, { description: "A University of the Third Age group with history and art interest groups." }],
  ["org-4006", "Aire Valley Sight Loss Support", "other-group", "Charity", "Cavendish Street Resource Centre", "Keighley", "BD21 3RL", YH, { phone: "01632 960934", description: "Support and social activities for people with sight loss in the Aire Valley." }],
];

export function seedOrganisations(): Organisation[] {
  return rows.map(([id, name, groupType, kind, line1, town, postcode, region, extra = {}]) => ({
    id,
    name,
    groupType,
    kind,
    town,
    postcode,
    region,
    address: { line1, ...(extra.line2 ? { line2: extra.line2 } : {}), town, postcode },
    ...(extra.phone ? { phone: extra.phone } : {}),
    ...(extra.urn ? { urn: extra.urn } : {}),
    ...(extra.numberOfPupils !== undefined ? { numberOfPupils: extra.numberOfPupils } : {}),
    ...(extra.phase ? { phase: extra.phase } : {}),
    ...(extra.ageRange ? { ageRange: { lowest: extra.ageRange[0], highest: extra.ageRange[1] } } : {}),
    ...(extra.companyNumber ? { companyNumber: extra.companyNumber } : {}),
    ...(extra.countryOfOperation ? { countryOfOperation: extra.countryOfOperation } : {}),
    ...(extra.numberOfFamilies !== undefined ? { numberOfFamilies: extra.numberOfFamilies } : {}),
    ...(extra.description ? { description: extra.description } : {}),
  }));
}
