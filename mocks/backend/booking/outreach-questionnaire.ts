// The outreach questionnaire (docs/requirements.md §8.7): its questions, the validation of
// the answers, and the school day they give. Part of the outreach rules (outreach-rules.ts),
// unit-tested with them (outreach-rules.test.ts).
import type { FieldError } from "../types";
import { isTimeOfDay, toMinutes } from "./calendar";
import type { Question, QuestionAnswer, Questionnaire, TimeRange } from "./outreach-rules";

export const QUESTIONNAIRE_VERSION = "outreach-questions-2026-01";

export const OUTREACH_QUESTIONNAIRE: Questionnaire = {
  version: QUESTIONNAIRE_VERSION,
  questions: [
    { id: "space-type", group: "Where we will work", label: "Which space will we use?", type: "select", required: true,
      options: [
        { value: "hall", label: "School hall" }, { value: "classroom", label: "Classroom" },
        { value: "library", label: "Library" }, { value: "other", label: "Another space" },
      ] },
    { id: "hall-size", group: "Where we will work", label: "Floor area of the space", type: "integer", required: true,
      min: 20, max: 1000, unit: "m²", help: "Clear floor, without stacked tables or PE equipment. A school hall is often 100 to 200 m²." },
    { id: "power", group: "Where we will work", label: "Is there a power socket within 5 metres of the space?", type: "boolean", required: true },
    { id: "parking", group: "Where we will work", label: "Where can our van park?", type: "select", required: true,
      options: [
        { value: "on-site", label: "On the school site" }, { value: "street", label: "On the street nearby" },
        { value: "none", label: "There is no parking nearby" },
      ] },
    { id: "access", group: "Where we will work", label: "Getting our equipment in", type: "textarea", required: false, maxLength: 1000,
      help: "Steps, lifts, narrow doors, or a long walk from where we park." },
    { id: "pupils-per-session", group: "Your pupils", label: "Pupils in each session", type: "integer", required: true,
      min: 1, max: 60, unit: "pupils" },
    { id: "year-groups", group: "Your pupils", label: "Which year groups or classes will take part?", type: "text", required: true,
      maxLength: 100, help: "For example: Year 4 Oak and Year 4 Elm." },
    { id: "additional-needs", group: "Your pupils", label: "Pupils' additional needs we should plan for", type: "textarea", required: false,
      maxLength: 1000 },
    { id: "school-start", group: "The school day", label: "When does the school day start?", type: "time", required: true,
      earliest: "07:30", latest: "10:00" },
    { id: "lunch-start", group: "The school day", label: "When does lunch start?", type: "time", required: true,
      earliest: "11:00", latest: "14:00" },
    { id: "lunch-end", group: "The school day", label: "When does lunch end?", type: "time", required: true,
      earliest: "11:30", latest: "14:30" },
    { id: "school-end", group: "The school day", label: "When does the school day end?", type: "time", required: true,
      earliest: "13:00", latest: "17:00" },
  ],
};

/** Answers by question id, as the gateway keeps them (text as sent; other types normalised). */
export type Answers = Record<string, string>;

export interface SchoolDay {
  start: string;
  lunch: TimeRange;
  end: string;
}

const EMPTY_MESSAGES: Readonly<Record<Question["type"], string>> = {
  text: "Enter an answer",
  textarea: "Enter an answer",
  integer: "Enter a whole number",
  boolean: "Answer yes or no",
  select: "Choose an option",
  time: "Enter a time, for example 09:00",
};

function answerError(q: Question, raw: string): string | undefined {
  const value = raw.trim();
  if (value === "") return q.required ? EMPTY_MESSAGES[q.type] : undefined;
  switch (q.type) {
    case "text":
    case "textarea":
      return q.maxLength !== undefined && value.length > q.maxLength ? `Use ${q.maxLength} characters or fewer` : undefined;
    case "integer": {
      const range = q.min !== undefined && q.max !== undefined ? ` from ${q.min} to ${q.max}` : "";
      if (!/^-?\d+$/.test(value)) return `Enter a whole number${range}`;
      const n = Number(value);
      if ((q.min !== undefined && n < q.min) || (q.max !== undefined && n > q.max)) return `Enter a whole number${range}`;
      return undefined;
    }
    case "boolean":
      return value === "true" || value === "false" ? undefined : EMPTY_MESSAGES.boolean;
    case "select":
      return q.options?.some((o) => o.value === value) ? undefined : EMPTY_MESSAGES.select;
    case "time":
      if (!isTimeOfDay(value)) return EMPTY_MESSAGES.time;
      if ((q.earliest && value < q.earliest) || (q.latest && value > q.latest)) {
        return `Enter a time from ${q.earliest ?? "00:00"} to ${q.latest ?? "23:59"}`;
      }
      return undefined;
  }
}

export interface AnswersContext {
  /** The most pupils a session of the chosen activities takes (and which activity). */
  maxPupils?: { pupils: number; name: string };
}

/**
 * Validates answers against the questionnaire: each question's type, required flag and
 * limits, then the school day's timings in order and the pupils per session against the
 * chosen activities. Errors are per question, `answers.<questionId>`.
 */
export function validateAnswers(
  questionnaire: Questionnaire, body: { questionnaireVersion?: unknown; answers?: unknown }, context: AnswersContext = {},
): { ok: true; answers: Answers } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  if (body.questionnaireVersion !== questionnaire.version) {
    errors.push({ field: "questionnaireVersion", message: "The questionnaire has changed since you opened it: reload the page to answer the current questions." });
  }
  if (!Array.isArray(body.answers)) return { ok: false, errors: [...errors, { field: "answers", message: "Answer the questions" }] };
  const given = new Map<string, string>();
  body.answers.forEach((a: unknown, i) => {
    const rec = typeof a === "object" && a !== null ? (a as Record<string, unknown>) : {};
    const id = typeof rec.questionId === "string" ? rec.questionId : "";
    if (!questionnaire.questions.some((q) => q.id === id)) {
      errors.push({ field: `answers.${i}.questionId`, message: "This is not a question of the questionnaire" });
    } else if (given.has(id)) {
      errors.push({ field: `answers.${id}`, message: "Answer each question once" });
    } else if (typeof rec.value !== "string" || rec.value.length > 2000) {
      errors.push({ field: `answers.${id}`, message: "Enter an answer of up to 2000 characters" });
      given.set(id, "");
    } else given.set(id, rec.value);
  });
  const answers: Answers = {};
  for (const q of questionnaire.questions) {
    if (errors.some((e) => e.field === `answers.${q.id}`)) continue;
    const raw = given.get(q.id) ?? "";
    const message = answerError(q, raw);
    if (message) errors.push({ field: `answers.${q.id}`, message });
    else if (raw.trim() !== "") answers[q.id] = q.type === "integer" ? String(Number(raw.trim())) : raw.trim();
  }
  const bad = (id: string) => errors.some((e) => e.field === `answers.${id}`);
  const t = (id: string) => answers[id];
  const after = (later: string, earlier: string, message: string) => {
    const a = t(later);
    const b = t(earlier);
    if (a && b && !bad(later) && !bad(earlier) && toMinutes(a) <= toMinutes(b)) errors.push({ field: `answers.${later}`, message });
  };
  after("lunch-start", "school-start", `Lunch must start after the school day starts (${t("school-start")})`);
  after("lunch-end", "lunch-start", `Lunch must end after it starts (${t("lunch-start")})`);
  after("school-end", "lunch-end", `The school day must end after lunch ends (${t("lunch-end")})`);
  const pupils = t("pupils-per-session");
  if (pupils && context.maxPupils && Number(pupils) > context.maxPupils.pupils) {
    errors.push({
      field: "answers.pupils-per-session",
      message: `${context.maxPupils.name} takes up to ${context.maxPupils.pupils} pupils in a session: split larger groups across more sessions.`,
    });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, answers };
}

/** The school day from valid answers. */
export function schoolDayOf(answers: Answers): SchoolDay | undefined {
  const [start, lunchStart, lunchEnd, end] = ["school-start", "lunch-start", "lunch-end", "school-end"].map((id) => answers[id]);
  if (!start || !lunchStart || !lunchEnd || !end) return undefined;
  return { start, lunch: { start: lunchStart, end: lunchEnd }, end };
}

/** The answers as the contract's list, in questionnaire order. */
export function answerList(questionnaire: Questionnaire, answers: Answers): QuestionAnswer[] {
  return questionnaire.questions.flatMap((q) => (answers[q.id] !== undefined ? [{ questionId: q.id, value: answers[q.id] as string }] : []));
}
