// UK towns with their region and postcode districts, for the generated organisations.
// Districts are real outward codes of each town's postcode area (a few ranges are
// simplified); inward codes are made up but well formed (digit + two letters from the
// 20 Royal Mail uses).

export const REGIONS = [
  "Yorkshire and the Humber",
  "North West",
  "North East",
  "East Midlands",
  "West Midlands",
  "London",
  "South East",
  "South West",
  "East of England",
  "Scotland",
  "Wales",
  "Northern Ireland",
] as const;
export type Region = (typeof REGIONS)[number];

/** The outreach region: the museums' own (see DESIGN §3). */
export const OUTREACH_REGION: Region = "Yorkshire and the Humber";

export interface Town {
  name: string;
  region: Region;
  /** Postcode districts: [area, first district, last district]. */
  districts: readonly (readonly [area: string, from: number, to: number])[];
  /** Relative number of organisations. */
  weight: number;
  /** Neighbourhoods, rivers and dales of this town, used beside the generic PLACE_NAMES. */
  places?: readonly string[];
}

const t = (name: string, region: Region, weight: number, ...districts: [string, number, number][]): Town => ({
  name,
  region,
  weight,
  districts,
  places: LOCAL_PLACES[name],
});

/** Local names, by town (only some towns have them; the rest use the generic ones). */
const LOCAL_PLACES: Record<string, readonly string[]> = {
  Leeds: ["Headingley", "Chapel Allerton", "Roundhay", "Moortown", "Armley", "Wortley", "Bramley", "Rawdon", "Horsforth", "Kirkstall", "Seacroft", "Meanwood"],
  Bradford: ["Eccleshill", "Idle", "Thornton", "Allerton", "Shipley", "Baildon", "Bingley", "Saltaire", "Wibsey", "Heaton"],
  York: ["Heworth", "Acomb", "Clifton", "Fulford", "Dringhouses", "Haxby", "Holgate", "Osbaldwick", "Ousebank", "Minster View"],
  Sheffield: ["Hallam", "Ecclesall", "Hillsborough", "Crookes", "Walkley", "Darnall", "Norton", "Totley"],
  Huddersfield: ["Holme Valley", "Lindley", "Marsh", "Almondbury", "Colne Valley"],
  Halifax: ["Calder", "Sowerby", "Illingworth", "Ovenden"],
  Keighley: ["Airedale", "Utley", "Riddlesden"],
  Otley: ["Wharfedale", "Chevin"],
  Ilkley: ["Wharfedale", "Ben Rhydding"],
  Skipton: ["Craven", "Embsay"],
  Harrogate: ["Nidderdale", "Starbeck", "Bilton"],
  Hull: ["Humber", "Hessle", "Sutton", "Bransholme"],
  Wakefield: ["Calder", "Sandal", "Outwood", "Horbury"],
  Scarborough: ["Scalby", "Falsgrave", "Derwent"],
  Nottingham: ["Trentside", "Sherwood", "Beeston", "Clifton"],
  Derby: ["Derwent", "Allestree", "Littleover"],
  "Newcastle upon Tyne": ["Tynedale", "Jesmond", "Heaton", "Gosforth"],
  Middlesbrough: ["Teesdale", "Linthorpe", "Acklam"],
  Liverpool: ["Merseyside", "Anfield", "Everton", "Wavertree", "Aigburth"],
  Manchester: ["Ancoats", "Didsbury", "Chorlton", "Levenshulme", "Moss Side", "Gorton"],
  Worcester: ["Severn Vale", "St John's", "Barbourne"],
  Gloucester: ["Severn Vale", "Tuffley", "Kingsholm"],
  Birmingham: ["Edgbaston", "Moseley", "Handsworth", "Erdington", "Selly Oak", "Kings Heath"],
  London: ["Hackney", "Islington", "Camden", "Greenwich", "Lambeth", "Peckham", "Brixton", "Walthamstow", "Hampstead", "Stepney"],
  Glasgow: ["Govan", "Partick", "Hillhead", "Shawlands", "Dennistoun"],
  Edinburgh: ["Leith", "Morningside", "Portobello", "Stockbridge"],
  Cardiff: ["Canton", "Roath", "Llandaff", "Splott"],
  Belfast: ["Ormeau", "Falls", "Shankill", "Stranmillis"],
};

const YH: Region = "Yorkshire and the Humber";
const NW: Region = "North West";
const NE: Region = "North East";
const EM: Region = "East Midlands";
const WM: Region = "West Midlands";
const LDN: Region = "London";
const SE: Region = "South East";
const SW: Region = "South West";
const EE: Region = "East of England";
const SCO: Region = "Scotland";
const WAL: Region = "Wales";
const NI: Region = "Northern Ireland";

export const TOWNS: readonly Town[] = [
  // Yorkshire and the Humber: the museums' region, so over-represented.
  t("Leeds", YH, 30, ["LS", 1, 28]),
  t("Bradford", YH, 24, ["BD", 1, 15]),
  t("Sheffield", YH, 24, ["S", 1, 36]),
  t("Hull", YH, 14, ["HU", 1, 10]),
  t("York", YH, 14, ["YO", 1, 32]),
  t("Wakefield", YH, 12, ["WF", 1, 4]),
  t("Huddersfield", YH, 12, ["HD", 1, 9]),
  t("Halifax", YH, 9, ["HX", 1, 7]),
  t("Doncaster", YH, 11, ["DN", 1, 12]),
  t("Rotherham", YH, 8, ["S", 60, 66]),
  t("Barnsley", YH, 8, ["S", 70, 75]),
  t("Harrogate", YH, 7, ["HG", 1, 3]),
  t("Scarborough", YH, 5, ["YO", 11, 13]),
  t("Keighley", YH, 5, ["BD", 20, 22]),
  t("Skipton", YH, 3, ["BD", 23, 24]),
  t("Ilkley", YH, 2, ["LS", 29, 29]),
  t("Otley", YH, 2, ["LS", 21, 21]),
  t("Pontefract", YH, 3, ["WF", 8, 9]),
  t("Dewsbury", YH, 4, ["WF", 12, 13]),
  t("Batley", YH, 3, ["WF", 17, 17]),
  t("Castleford", YH, 3, ["WF", 10, 10]),
  t("Grimsby", YH, 5, ["DN", 31, 34]),
  t("Scunthorpe", YH, 5, ["DN", 15, 17]),
  t("Beverley", YH, 2, ["HU", 17, 17]),
  t("Selby", YH, 2, ["YO", 8, 8]),
  t("Ripon", YH, 2, ["HG", 4, 4]),
  t("Whitby", YH, 2, ["YO", 21, 22]),
  t("Northallerton", YH, 2, ["DL", 6, 7]),
  t("Goole", YH, 2, ["DN", 14, 14]),
  t("Bridlington", YH, 2, ["YO", 15, 16]),
  t("Brighouse", YH, 2, ["HD", 6, 6]),
  t("Holmfirth", YH, 1, ["HD", 9, 9]),
  // North West
  t("Manchester", NW, 16, ["M", 1, 40]),
  t("Liverpool", NW, 12, ["L", 1, 38]),
  t("Preston", NW, 5, ["PR", 1, 5]),
  t("Bolton", NW, 5, ["BL", 1, 7]),
  t("Blackpool", NW, 4, ["FY", 1, 4]),
  t("Lancaster", NW, 3, ["LA", 1, 2]),
  t("Kendal", NW, 2, ["LA", 9, 9]),
  t("Carlisle", NW, 3, ["CA", 1, 3]),
  t("Stockport", NW, 5, ["SK", 1, 7]),
  t("Wigan", NW, 4, ["WN", 1, 6]),
  t("Warrington", NW, 4, ["WA", 1, 5]),
  t("Chester", NW, 3, ["CH", 1, 4]),
  t("Oldham", NW, 4, ["OL", 1, 9]),
  t("Rochdale", NW, 3, ["OL", 11, 16]),
  t("Burnley", NW, 3, ["BB", 10, 12]),
  t("Blackburn", NW, 3, ["BB", 1, 2]),
  // North East
  t("Newcastle upon Tyne", NE, 9, ["NE", 1, 15]),
  t("Sunderland", NE, 5, ["SR", 1, 6]),
  t("Durham", NE, 4, ["DH", 1, 7]),
  t("Middlesbrough", NE, 5, ["TS", 1, 8]),
  t("Darlington", NE, 3, ["DL", 1, 3]),
  t("Gateshead", NE, 3, ["NE", 8, 11]),
  t("Hartlepool", NE, 2, ["TS", 24, 27]),
  t("Morpeth", NE, 1, ["NE", 61, 61]),
  t("Hexham", NE, 1, ["NE", 46, 46]),
  t("Stockton-on-Tees", NE, 3, ["TS", 17, 21]),
  // East Midlands
  t("Nottingham", EM, 9, ["NG", 1, 17]),
  t("Leicester", EM, 9, ["LE", 1, 5]),
  t("Derby", EM, 7, ["DE", 1, 24]),
  t("Lincoln", EM, 4, ["LN", 1, 6]),
  t("Northampton", EM, 5, ["NN", 1, 7]),
  t("Chesterfield", EM, 3, ["S", 40, 45]),
  t("Mansfield", EM, 3, ["NG", 18, 21]),
  t("Loughborough", EM, 2, ["LE", 11, 11]),
  t("Kettering", EM, 2, ["NN", 14, 16]),
  t("Boston", EM, 1, ["PE", 21, 21]),
  // West Midlands
  t("Birmingham", WM, 16, ["B", 1, 48]),
  t("Coventry", WM, 7, ["CV", 1, 6]),
  t("Wolverhampton", WM, 5, ["WV", 1, 14]),
  t("Stoke-on-Trent", WM, 5, ["ST", 1, 7]),
  t("Worcester", WM, 3, ["WR", 1, 5]),
  t("Hereford", WM, 2, ["HR", 1, 4]),
  t("Shrewsbury", WM, 2, ["SY", 1, 3]),
  t("Telford", WM, 3, ["TF", 1, 7]),
  t("Walsall", WM, 3, ["WS", 1, 9]),
  t("Dudley", WM, 3, ["DY", 1, 3]),
  t("Stafford", WM, 2, ["ST", 16, 18]),
  // London
  t("London", LDN, 40, ["E", 1, 18], ["N", 1, 22], ["NW", 1, 11], ["SE", 1, 28], ["SW", 1, 20], ["W", 1, 14]),
  t("Croydon", LDN, 4, ["CR", 0, 8]),
  t("Bromley", LDN, 3, ["BR", 1, 7]),
  t("Harrow", LDN, 3, ["HA", 1, 3]),
  t("Enfield", LDN, 3, ["EN", 1, 3]),
  t("Kingston upon Thames", LDN, 2, ["KT", 1, 2]),
  t("Romford", LDN, 3, ["RM", 1, 7]),
  // South East
  t("Brighton", SE, 6, ["BN", 1, 3]),
  t("Southampton", SE, 6, ["SO", 14, 19]),
  t("Portsmouth", SE, 5, ["PO", 1, 6]),
  t("Oxford", SE, 5, ["OX", 1, 4]),
  t("Reading", SE, 5, ["RG", 1, 6]),
  t("Milton Keynes", SE, 5, ["MK", 1, 19]),
  t("Canterbury", SE, 3, ["CT", 1, 4]),
  t("Guildford", SE, 3, ["GU", 1, 5]),
  t("Maidstone", SE, 3, ["ME", 14, 17]),
  t("Crawley", SE, 3, ["RH", 10, 11]),
  t("Slough", SE, 3, ["SL", 1, 3]),
  t("Tunbridge Wells", SE, 2, ["TN", 1, 4]),
  t("Eastbourne", SE, 2, ["BN", 20, 23]),
  t("Winchester", SE, 2, ["SO", 22, 23]),
  t("Aylesbury", SE, 2, ["HP", 19, 22]),
  // South West
  t("Bristol", SW, 10, ["BS", 1, 16]),
  t("Plymouth", SW, 6, ["PL", 1, 9]),
  t("Exeter", SW, 4, ["EX", 1, 4]),
  t("Bath", SW, 3, ["BA", 1, 2]),
  t("Gloucester", SW, 3, ["GL", 1, 4]),
  t("Cheltenham", SW, 3, ["GL", 50, 53]),
  t("Swindon", SW, 4, ["SN", 1, 5]),
  t("Bournemouth", SW, 4, ["BH", 1, 11]),
  t("Truro", SW, 2, ["TR", 1, 4]),
  t("Taunton", SW, 2, ["TA", 1, 3]),
  t("Salisbury", SW, 2, ["SP", 1, 2]),
  t("Torquay", SW, 2, ["TQ", 1, 2]),
  // East of England
  t("Norwich", EE, 5, ["NR", 1, 14]),
  t("Cambridge", EE, 5, ["CB", 1, 5]),
  t("Ipswich", EE, 4, ["IP", 1, 4]),
  t("Peterborough", EE, 4, ["PE", 1, 7]),
  t("Colchester", EE, 3, ["CO", 1, 4]),
  t("Chelmsford", EE, 3, ["CM", 1, 3]),
  t("Luton", EE, 4, ["LU", 1, 4]),
  t("Southend-on-Sea", EE, 3, ["SS", 0, 3]),
  t("Bedford", EE, 3, ["MK", 40, 45]),
  t("St Albans", EE, 2, ["AL", 1, 4]),
  t("Watford", EE, 3, ["WD", 17, 25]),
  t("King's Lynn", EE, 2, ["PE", 30, 34]),
  // Scotland
  t("Glasgow", SCO, 10, ["G", 1, 53]),
  t("Edinburgh", SCO, 9, ["EH", 1, 17]),
  t("Aberdeen", SCO, 4, ["AB", 10, 25]),
  t("Dundee", SCO, 3, ["DD", 1, 5]),
  t("Inverness", SCO, 2, ["IV", 1, 3]),
  t("Stirling", SCO, 2, ["FK", 7, 9]),
  t("Perth", SCO, 2, ["PH", 1, 2]),
  t("Paisley", SCO, 2, ["PA", 1, 3]),
  // Wales
  t("Cardiff", WAL, 7, ["CF", 3, 24]),
  t("Swansea", WAL, 4, ["SA", 1, 7]),
  t("Newport", WAL, 3, ["NP", 10, 20]),
  t("Wrexham", WAL, 2, ["LL", 11, 14]),
  t("Bangor", WAL, 1, ["LL", 57, 57]),
  t("Aberystwyth", WAL, 1, ["SY", 23, 23]),
  t("Carmarthen", WAL, 1, ["SA", 31, 33]),
  // Northern Ireland
  t("Belfast", NI, 7, ["BT", 1, 17]),
  t("Londonderry", NI, 2, ["BT", 47, 48]),
  t("Lisburn", NI, 2, ["BT", 27, 28]),
  t("Newry", NI, 1, ["BT", 34, 35]),
  t("Armagh", NI, 1, ["BT", 60, 61]),
  t("Enniskillen", NI, 1, ["BT", 74, 74]),
];

/** The letters Royal Mail uses in the unit part of an inward code. */
export const INWARD_LETTERS = "ABDEFGHJLNPQRSTUWXYZ";

export const STREET_NAMES = [
  "Church", "Station", "Mill", "High", "Park", "Victoria", "Albert", "Manor", "Queen's", "King's",
  "Chapel", "School", "Green", "Moor", "Westgate", "Northgate", "Bridge", "Market", "Castle", "Abbey",
  "Oak", "Ash", "Beech", "Elm", "Holly", "Willow", "Cedar", "Meadow", "Orchard", "Springfield",
  "Grange", "Hall", "Priory", "Lime", "Cross", "Canal", "Wharf", "Mount", "Hillside", "Woodland",
] as const;
export const STREET_TYPES = ["Road", "Street", "Lane", "Avenue", "Way", "Close", "Drive", "Crescent", "Terrace", "Gardens"] as const;

/** Neighbourhood-like names for schools, groups and firms. */
export const PLACE_NAMES = [
  "Oakfield", "Meadowbank", "Hillside", "Riverside", "Greenfield", "Parkside", "Westfield", "Eastfield",
  "Northfield", "Southfield", "Beechwood", "Ashfield", "Elmwood", "Fernhill", "Brookside", "Moorside",
  "Highfield", "Lowfield", "Brackenwood", "Hollybush", "Woodlands", "Lakeside", "Springfield", "Thornhill",
  "Willowbank", "Cedar Park", "Hawthorn", "Rosewood", "Larchwood", "Kingswood", "Queensbury", "Millbrook",
  "Stonebridge", "Castlefields", "Abbeyfield", "Priory", "Chapelfield", "Fairfield", "Heathfield", "Broadway",
  "Birchwood", "Foxhill", "Bramble Hill", "Primrose Hill", "Sunnyside", "Redhill", "Whitecross", "Blackbrook",
  "Greenacres", "Oakwood", "Poplar Grove", "Rowan Tree", "Silverdale", "Summerhill", "Woodhouse", "Marshfield",
  "Netherfield", "Westbourne", "Hollins", "Orchard Park", "Glebe", "Linden", "Valley View", "Grove",
] as const;

export const SAINTS = [
  "St Mary's", "St John's", "St Peter's", "St Paul's", "St Joseph's", "St Anne's", "St Michael's",
  "St Patrick's", "St Andrew's", "St Margaret's", "St Oswald's", "St Chad's", "St Hilda's", "St Bede's",
  "St Cuthbert's", "St Wilfrid's", "Holy Trinity", "Christ Church", "Sacred Heart", "Our Lady's",
  "All Saints", "St George's", "St David's", "St Aidan's", "St Thomas's", "St Benedict's", "St Francis",
] as const;

export const SURNAMES = [
  "Smith", "Jones", "Taylor", "Brown", "Wilson", "Johnson", "Walker", "Wright", "Robinson", "Thompson",
  "Hughes", "Edwards", "Green", "Hall", "Wood", "Harris", "Lewis", "Clarke", "Jackson", "Turner",
  "Hill", "Moore", "Cooper", "Ward", "Morris", "King", "Baker", "Harrison", "Morgan", "Allen",
  "Bell", "Shaw", "Holmes", "Atkinson", "Barker", "Lister", "Sutcliffe", "Ackroyd", "Hirst", "Haigh",
] as const;
