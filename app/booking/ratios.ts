import type { AgeBand } from "../../generated/schemas";

// Supervision ratios (docs/requirements.md §8.3), mirrored from the gateway only to help while the
// user types: the gateway checks again when the step is saved and its answer wins.

export const AGE_BANDS: readonly AgeBand[] = ["under-5", "5-11", "11-16", "16-18"];

/** Children per adult. */
export const RATIOS: Record<AgeBand, number> = { "under-5": 4, "5-11": 8, "11-16": 10, "16-18": 30 };

export const AGE_BAND_LABELS: Record<AgeBand, string> = {
  "under-5": "Under 5",
  "5-11": "Aged 5–11",
  "11-16": "Aged 11–16",
  "16-18": "Aged 16–18",
};

/** "pupils aged 5–11", "children under 5". */
export function pupilsPhrase(band: AgeBand): string {
  if (band === "under-5") return "children under 5";
  return `${band === "16-18" ? "students" : "pupils"} aged ${band.replace("-", "–")}`;
}

export const MIN_PARTICIPANTS = 1;
export const MAX_PARTICIPANTS = 200;

export type BandCounts = Partial<Record<AgeBand, number>>;

export interface RatioShortfall {
  band: AgeBand;
  /** Adults still needed for this band. */
  adults: number;
  /** Children these adults would cover: adults × ratio. */
  upTo: number;
}

export interface RatioCheck {
  /** Adults the ratios ask for. */
  required: number;
  shortfalls: RatioShortfall[];
  /** Plain sentences, e.g. "Add 1 more adult for up to 8 more pupils aged 5–11". */
  messages: string[];
}

/**
 * Each band needs ceil(children / ratio) adults; adults are assigned to the strictest
 * bands first, so what remains missing is said for the bands left uncovered.
 */
export function checkRatios(children: BandCounts, adults: number): RatioCheck {
  let available = Math.max(0, Math.floor(adults || 0));
  let required = 0;
  const shortfalls: RatioShortfall[] = [];
  for (const band of AGE_BANDS) {
    const count = Math.max(0, Math.floor(children[band] ?? 0));
    const needed = Math.ceil(count / RATIOS[band]);
    required += needed;
    const assigned = Math.min(available, needed);
    available -= assigned;
    const missing = needed - assigned;
    if (missing > 0) shortfalls.push({ band, adults: missing, upTo: missing * RATIOS[band] });
  }
  return { required, shortfalls, messages: shortfalls.map(shortfallMessage) };
}

export function shortfallMessage({ band, adults, upTo }: RatioShortfall): string {
  return `Add ${adults} more ${adults === 1 ? "adult" : "adults"} for up to ${upTo} more ${pupilsPhrase(band)}`;
}

export function totalParticipants(children: BandCounts, adults: number, carers: number): number {
  const kids = AGE_BANDS.reduce((sum, band) => sum + Math.max(0, Math.floor(children[band] ?? 0)), 0);
  return kids + Math.max(0, Math.floor(adults || 0)) + Math.max(0, Math.floor(carers || 0));
}
