import { z } from "zod";
import { AGE_BANDS, MAX_PARTICIPANTS, MIN_PARTICIPANTS } from "./ratios";
import { builtOnFirstUse } from "../shell/built-on-first-use";
import type { AgeBand, VisitInformation } from "../../generated/schemas";

// The information step's form: field names, the zod schema (server; the gateway checks
// again and is the judge), and the mapping between form fields and the gateway's body.

export const bandField = (band: AgeBand) => `band-${band}`;

export const ACCESS_NEEDS = ["mobility", "sensory", "communication", "quietSpace"] as const;
export type AccessNeed = (typeof ACCESS_NEEDS)[number];
export const accessField = (need: AccessNeed) => `access-${need}`;

export const INFORMATION_FIELDS = [
  ...AGE_BANDS.map(bandField),
  "adults",
  "oneToOneCarers",
  ...ACCESS_NEEDS.map(accessField),
  "accessDetails",
  "lunchSpace",
  "arrivalTime",
  "notes",
] as const;

const count = (what: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? 0 : Number(v.trim())) : v),
    z
      .number({ error: `Enter the number of ${what} as a whole number, like 12` })
      .int(`Enter the number of ${what} as a whole number, like 12`)
      .min(0, `The number of ${what} cannot be negative`)
      .max(MAX_PARTICIPANTS, `Enter ${MAX_PARTICIPANTS} or fewer ${what}`),
  );

/** The information form's schema (built on first use: see built-on-first-use.ts). */
export const informationSchema = /* @__PURE__ */ builtOnFirstUse(() => {
  const checkbox = z.literal("on").optional().transform(Boolean);
  return z
    .object({
      "band-under-5": count("children under 5"),
      "band-5-11": count("pupils aged 5 to 11"),
      "band-11-16": count("pupils aged 11 to 16"),
      "band-16-18": count("students aged 16 to 18"),
      adults: count("adults"),
      oneToOneCarers: count("one-to-one carers"),
      "access-mobility": checkbox,
      "access-sensory": checkbox,
      "access-communication": checkbox,
      "access-quietSpace": checkbox,
      accessDetails: z.string().trim().max(2000, "Tell us about access needs in 2000 characters or fewer").default(""),
      lunchSpace: z.enum(["yes", "no"], { error: "Say whether you need lunch space" }),
      arrivalTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter an arrival time, like 10:00"),
      notes: z.string().trim().max(2000, "Enter notes of 2000 characters or fewer").default(""),
    })
    .superRefine((v, ctx) => {
      const total =
        AGE_BANDS.reduce((sum, band) => sum + v[bandField(band) as `band-${AgeBand}`], 0) + v.adults + v.oneToOneCarers;
      if (total < MIN_PARTICIPANTS) {
        ctx.addIssue({ code: "custom", path: ["participants"], message: "Enter how many pupils and adults are coming" });
      } else if (total > MAX_PARTICIPANTS) {
        ctx.addIssue({
          code: "custom",
          path: ["participants"],
          message: `A visit is for up to ${MAX_PARTICIPANTS} people: you entered ${total}. Split larger groups into two bookings.`,
        });
      }
    });
});

export type InformationForm = z.infer<ReturnType<typeof informationSchema>>;

export function toVisitInformation(v: InformationForm): VisitInformation {
  const body: VisitInformation = {
    participants: AGE_BANDS.map((ageBand) => ({ ageBand, count: v[bandField(ageBand) as `band-${AgeBand}`] })),
    adults: v.adults,
    oneToOneCarers: v.oneToOneCarers,
    accessNeeds: {
      mobility: v["access-mobility"],
      sensory: v["access-sensory"],
      communication: v["access-communication"],
      quietSpace: v["access-quietSpace"],
      ...(v.accessDetails ? { details: v.accessDetails } : {}),
    },
    lunchSpace: v.lunchSpace === "yes",
    arrivalTime: v.arrivalTime,
  };
  if (v.notes) body.notes = v.notes;
  return body;
}

/** The saved information as form values (text, as the inputs hold them). */
export function informationValues(info: VisitInformation | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  for (const band of AGE_BANDS) {
    const saved = info?.participants.filter((p) => p.ageBand === band).reduce((s, p) => s + p.count, 0) ?? 0;
    values[bandField(band)] = info && saved > 0 ? String(saved) : "";
  }
  values.adults = info ? String(info.adults) : "";
  values.oneToOneCarers = info ? String(info.oneToOneCarers) : "0";
  for (const need of ACCESS_NEEDS) values[accessField(need)] = info?.accessNeeds[need] ? "on" : "";
  values.accessDetails = info?.accessNeeds.details ?? "";
  values.lunchSpace = info ? (info.lunchSpace ? "yes" : "no") : "";
  values.arrivalTime = info?.arrivalTime ?? "10:00";
  values.notes = info?.notes ?? "";
  return values;
}

/** The gateway's field paths (participants.1.count, accessNeeds.details) as this form's field names. */
export function gatewayFieldToForm(field: string): string {
  const band = /^participants\.(\d+)(\.\w+)?$/.exec(field);
  if (band) return bandField(AGE_BANDS[Number(band[1])] ?? "5-11");
  if (field === "participants") return "participants";
  if (field === "accessNeeds.details") return "accessDetails";
  const need = /^accessNeeds\.(\w+)$/.exec(field);
  if (need) return accessField(need[1] as AccessNeed);
  return field;
}

/** Numbers typed so far, for the live ratio check (blank or not a number counts as 0). */
export function countsFromValues(values: Readonly<Record<string, string | undefined>>) {
  const n = (name: string) => {
    const v = Number(values[name] ?? "");
    return Number.isFinite(v) && v > 0 ? Math.floor(v) : 0;
  };
  return {
    children: Object.fromEntries(AGE_BANDS.map((band) => [band, n(bandField(band))])) as Record<AgeBand, number>,
    adults: n("adults"),
    carers: n("oneToOneCarers"),
  };
}
