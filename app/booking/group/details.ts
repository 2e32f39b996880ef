import { z } from "zod";
import { builtOnFirstUse } from "../../shell/built-on-first-use";

// The group details step's form (lead contact, group, arrival, coach): one zod schema for
// the server action, with the gateway's GroupDetails built from it. Pure, unit-tested.

export const DETAIL_FIELDS = [
  "groupName", "leadName", "leadMobile", "arrivalTime", "coach", "coaches", "coachCompany", "coachRegistration", "notes",
] as const;
export type DetailValues = Record<(typeof DETAIL_FIELDS)[number], string>;

/** Groups arrive within opening hours, in time for an activity (the gateway's window). */
export const ARRIVE_FROM = "10:00";
export const ARRIVE_UNTIL = "16:00";
export const MAX_COACHES = 10;

const text = (max: number, empty: string, tooLong: string) => z.string().trim().min(1, empty).max(max, tooLong);
const optionalText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).optional().transform((s) => s || undefined);

/** UK mobile numbers: 07xxx xxxxxx or +44 7xxx xxxxxx; spaces and hyphens allowed. */
export function isUkMobile(value: string): boolean {
  return /^(?:\+44|0)7\d{9}$/.test(value.replace(/[\s-]/g, ""));
}

/** Built on first use (see built-on-first-use.ts). */
export const detailsSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  z
    .object({
      groupName: text(200, "Enter your group's name", "Group name must be 200 characters or fewer"),
      leadName: text(200, "Enter the name of the group's lead contact", "Name must be 200 characters or fewer"),
      leadMobile: z
        .string()
        .trim()
        .min(1, "Enter the lead contact's mobile number")
        .max(30, "Enter a UK mobile number, like 07700 900123")
        .refine(isUkMobile, "Enter a UK mobile number, like 07700 900123"),
      arrivalTime: z
        .string()
        .trim()
        .min(1, "Enter the time your group will arrive")
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time like 10:30")
        .refine((t) => t >= ARRIVE_FROM && t <= ARRIVE_UNTIL, `Arrive between ${ARRIVE_FROM} and ${ARRIVE_UNTIL}`),
      coach: z.enum(["yes", "no"], { error: "Say whether your group is coming by coach" }),
      coaches: z.string().trim().optional(),
      coachCompany: optionalText(200, "Coach company must be 200 characters or fewer"),
      coachRegistration: optionalText(100, "Registration numbers must be 100 characters or fewer"),
      notes: optionalText(2000, "Notes must be 2000 characters or fewer"),
    })
    .superRefine((v, ctx) => {
      if (v.coach !== "yes") return;
      const n = v.coaches ? Number(v.coaches) : 1;
      if (!/^\d+$/.test(v.coaches || "1") || n < 1 || n > MAX_COACHES) {
        ctx.addIssue({ code: "custom", path: ["coaches"], message: `Enter the number of coaches, from 1 to ${MAX_COACHES}` });
      }
    }),
);

export type ParsedDetails = z.infer<ReturnType<typeof detailsSchema>>;

export interface GroupDetailsBody {
  groupName: string;
  leadName: string;
  leadMobile: string;
  arrivalTime: string;
  coaches: number;
  coachCompany?: string;
  coachRegistration?: string;
  notes?: string;
}

/** The gateway's GroupDetails: no coach means 0 coaches and no coach details. */
export function toGroupDetails(v: ParsedDetails): GroupDetailsBody {
  const body: GroupDetailsBody = {
    groupName: v.groupName,
    leadName: v.leadName,
    leadMobile: v.leadMobile,
    arrivalTime: v.arrivalTime,
    coaches: v.coach === "yes" ? Number(v.coaches || "1") : 0,
  };
  if (v.coach === "yes" && v.coachCompany) body.coachCompany = v.coachCompany;
  if (v.coach === "yes" && v.coachRegistration) body.coachRegistration = v.coachRegistration;
  if (v.notes) body.notes = v.notes;
  return body;
}

/** The saved details as form values (for the page before any submit). */
export function detailValues(saved: Partial<GroupDetailsBody> | undefined, defaults: { leadName?: string; leadMobile?: string } = {}): DetailValues {
  return {
    groupName: saved?.groupName ?? "",
    leadName: saved?.leadName ?? defaults.leadName ?? "",
    leadMobile: saved?.leadMobile ?? defaults.leadMobile ?? "",
    arrivalTime: saved?.arrivalTime ?? "",
    coach: saved ? (saved.coaches && saved.coaches > 0 ? "yes" : "no") : "",
    coaches: saved?.coaches && saved.coaches > 0 ? String(saved.coaches) : "1",
    coachCompany: saved?.coachCompany ?? "",
    coachRegistration: saved?.coachRegistration ?? "",
    notes: saved?.notes ?? "",
  };
}

/** A gateway field path (e.g. `coachCompany`) as this form's field; unknown ones go to the form message. */
export function detailField(field: string): string {
  const name = field.split(".")[0] ?? "";
  return (DETAIL_FIELDS as readonly string[]).includes(name) ? name : "form";
}
