// Every text the organisation search shows. The required texts (docs/requirements.md §6.6) are exact; the rest
// is ours. texts.test.ts pins the spec's ones.

const numberFormat = new Intl.NumberFormat("en-GB");

export const SEARCH_TEXTS = {
  regionLabel: "Organisation search",
  searchLabel: "Search organisations",
  placeholder: "Search here…",
  submitTitle: "Search",
  resetTitle: "Clear the search",
  loading: "Searching…",
  maxLengthHint: "Up to 512 characters.",

  filtersHeading: "Filter results",
  resultsHeading: "Results",
  skipToResults: "Skip to results",
  noResults: "No results.",
  searchError: "The search is not available right now. Try again in a moment.",

  paginationLabel: "Results pages",
  first: "First",
  previous: "Previous",
  next: "Next",
  last: "Last",
  firstPage: "First page",
  previousPage: "Previous page",
  nextPage: "Next page",
  lastPage: "Last page",

  showMore: "Show more",
  showLess: "Show less",

  sortByLabel: "Sort results by",
  sortRelevance: "Most relevant",
  sortNameAsc: "Name A–Z",
  sortSizeDesc: "Largest first",
  sortRelevant: "Best rated first",

  rangeGo: "Go",
  rangeSeparator: "to",
  rangeMinLabel: "Smallest",
  rangeMaxLabel: "Largest",
  rangeMaxBelowMin: "The largest size can't be lower than the smallest.",

  ratingAndUp: "& up",

  outreachToggle: "In our outreach region",

  voiceSearch: "Search by voice",
  voiceSearchUnsupported: "Search by voice (not supported on this browser)",
  voiceStopListening: "Stop searching by voice",

  seeAllResults: "See all results",
  seeRelevantResults: "See relevant results",
  relevantSortedText: "We removed some search results to show you the most relevant ones.",
  allResultsText: "Showing all results, including less relevant ones.",

  bannerLabel: "Search tip",
} as const;

/** Headings of the facet widgets, by attribute. */
export const FACET_HEADINGS: Record<string, string> = {
  groupType: "Type of group",
  kind: "Kind of organisation",
  town: "Town",
  region: "Region",
  size: "Size (pupils or members)",
  rating: "Visit rating",
  outreachRegion: "Outreach",
};

/** "Search kinds", "Search towns"… for a refinement list's facet value search. */
export const FACET_SEARCH_NOUNS: Record<string, string> = {
  groupType: "types of group",
  kind: "kinds",
  town: "towns",
};

export function facetHeading(attribute: string): string {
  return FACET_HEADINGS[attribute] ?? attribute;
}

export function facetSearchLabel(attribute: string): string {
  return `Search ${FACET_SEARCH_NOUNS[attribute] ?? "values"}`;
}

export function facetSearchNoMatches(attribute: string): string {
  return `No matching ${FACET_SEARCH_NOUNS[attribute] ?? "values"}.`;
}

export function formatCount(count: number): string {
  return numberFormat.format(count);
}

/** Stats: "No results", "1 result" or "N results", each followed by "found in N ms". */
export function statsText(nbHits: number, processingTimeMS: number): string {
  const hits = nbHits === 0 ? "No results" : nbHits === 1 ? "1 result" : `${formatCount(nbHits)} results`;
  return `${hits} found in ${formatCount(processingTimeMS)} ms`;
}

export function pageLabel(page: number): string {
  return `Page ${page}`;
}

/** "4 stars & up", "1 star & up". */
export function ratingLabel(stars: number): string {
  return `${stars} ${stars === 1 ? "star" : "stars"} ${SEARCH_TEXTS.ratingAndUp}`;
}

/** The accessible name of a hit's "Choose" button: which organisation it chooses. */
export function chooseLabel(name: string): string {
  return `Choose ${name}`;
}

/** What the voice search says for each of its states (docs/requirements.md §6.3). */
export function voiceStatusText(status: string, transcript: string, errorCode: string | undefined): string {
  switch (status) {
    case "askingPermission":
      return "Allow this site to use your microphone to search by voice.";
    case "waiting":
      return "Listening… say what you are looking for.";
    case "recognizing":
      return transcript ? `Heard: “${transcript}”` : "Listening…";
    case "finished":
      return transcript ? `Searched for “${transcript}”.` : "";
    case "error":
      return errorCode === "not-allowed"
        ? "Voice search is not allowed: this site may not use your microphone."
        : "Voice search stopped. Try again, or type your search.";
    default:
      return "";
  }
}

/** Identifier label by group type: a school's URN, a company number, or a plain identifier. */
export function identifierLabel(groupType: string | undefined): string {
  if (groupType === "education") return "URN";
  if (groupType === "tour-operator") return "Company number";
  return "Identifier";
}
