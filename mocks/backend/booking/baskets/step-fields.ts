import type { FieldError } from "../../types";
import { ARRIVE_FROM, ARRIVE_UNTIL, isTimeOfDay } from "../calendar";

// Field rules more than one step shares (a school visit's information, a group's details,
// the payment step's purchase order number), so the same field gets the same message.

export function arrivalError(field: string, value: unknown): FieldError | undefined {
  if (!isTimeOfDay(value)) return { field, message: "Enter an arrival time, for example 10:15" };
  if (value < ARRIVE_FROM || value > ARRIVE_UNTIL) {
    return { field, message: `Arrive between ${ARRIVE_FROM} and ${ARRIVE_UNTIL}: the museum is open 10:00 to 17:00` };
  }
  return undefined;
}

export function optionalText(errors: FieldError[], field: string, value: unknown, max: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") {
    errors.push({ field, message: "Enter text" });
    return undefined;
  }
  if (value.length > max) errors.push({ field, message: `Use ${max} characters or fewer` });
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}
