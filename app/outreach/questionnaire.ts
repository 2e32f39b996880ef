import { z } from "zod";
import type { Question, QuestionAnswer, Questionnaire } from "../../generated/schemas";

// The outreach questionnaire is defined by the gateway (question types, required flags and
// limits). The form is rendered from that definition, and the server validates what was
// posted with a zod schema BUILT FROM the same definition, so a new question or a changed
// limit needs no code change. Shared by the server (action) and the browser (renderer).

/** The answer's form field name and element id (ids of the gateway may hold any characters). */
export function answerName(question: Pick<Question, "id">): string {
  return `answer.${question.id}`;
}

export function answerId(question: Pick<Question, "id">): string {
  return `answer-${question.id.replace(/[^A-Za-z0-9_-]/g, "_")}`;
}

/** The contract's limit on every answer (QuestionAnswer.value maxLength). */
export const ANSWER_MAX_LENGTH = 2000;
/** Text answers without their own limit. */
const TEXT_DEFAULT_MAX = 200;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const INTEGER = /^-?\d{1,9}$/;

const quoted = (q: Question) => `“${q.label.replace(/[?:.]$/, "")}”`;

function unitText(q: Question): string {
  return q.unit ? ` ${q.unit}` : "";
}

/** The largest length a text answer may have. */
export function maxLengthOf(q: Question): number {
  const own = q.maxLength ?? (q.type === "textarea" ? ANSWER_MAX_LENGTH : TEXT_DEFAULT_MAX);
  return Math.min(own, ANSWER_MAX_LENGTH);
}

/** The hint that tells the user a question's limits before they answer. */
export function limitsHint(q: Question): string | null {
  if (q.type === "integer") {
    if (q.min !== undefined && q.max !== undefined) return `A whole number from ${q.min} to ${q.max}${unitText(q)}.`;
    if (q.min !== undefined) return `A whole number, at least ${q.min}${unitText(q)}.`;
    if (q.max !== undefined) return `A whole number, at most ${q.max}${unitText(q)}.`;
    return "A whole number.";
  }
  if (q.type === "time") {
    const range =
      q.earliest && q.latest ? ` between ${q.earliest} and ${q.latest}` : q.earliest ? `, ${q.earliest} or later` : q.latest ? `, ${q.latest} or earlier` : "";
    return `Use the 24-hour clock, for example 09:30${range}.`;
  }
  return null;
}

/** The schema of one answer: a string in the gateway's answer format, "" for no answer. */
export function answerSchema(q: Question): z.ZodType<string, unknown> {
  const base = z.string({ error: `Answer ${quoted(q)}` }).trim();
  const required = (schema: z.ZodType<string, string>): z.ZodType<string, string> =>
    q.required
      ? z.string().trim().min(1, missingMessage(q)).pipe(schema)
      : z
          .string()
          .trim()
          .transform((value, ctx) => {
            if (value === "") return "";
            const checked = schema.safeParse(value);
            if (checked.success) return checked.data;
            for (const issue of checked.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
            return z.NEVER;
          });

  switch (q.type) {
    case "text":
    case "textarea": {
      const max = maxLengthOf(q);
      return base.pipe(required(z.string().max(max, `${quoted(q)} must be ${max} characters or fewer`)));
    }
    case "integer": {
      const inRange = (n: number) => (q.min === undefined || n >= q.min) && (q.max === undefined || n <= q.max);
      const integer = z
        .string()
        .regex(INTEGER, `Enter a whole number for ${quoted(q)}`)
        .refine((value) => inRange(Number(value)), rangeMessage(q))
        .transform((value) => String(Number(value)));
      return base.pipe(required(integer));
    }
    case "boolean":
      return base.pipe(required(z.enum(["true", "false"], { error: `Choose yes or no for ${quoted(q)}` })));
    case "select": {
      const values = (q.options ?? []).map((o) => o.value);
      const choice = z.string().refine((value) => values.includes(value), `Choose one of the options for ${quoted(q)}`);
      return base.pipe(required(choice));
    }
    case "time": {
      const time = z
        .string()
        .regex(TIME, `Enter a time like 09:30 for ${quoted(q)}`)
        .refine((value) => (!q.earliest || value >= q.earliest) && (!q.latest || value <= q.latest), timeRangeMessage(q));
      return base.pipe(required(time));
    }
  }
}

function missingMessage(q: Question): string {
  switch (q.type) {
    case "boolean":
      return `Choose yes or no for ${quoted(q)}`;
    case "select":
      return `Choose an answer for ${quoted(q)}`;
    case "time":
      return `Enter a time for ${quoted(q)}`;
    case "integer":
      return `Enter a number for ${quoted(q)}`;
    default:
      return `Answer ${quoted(q)}`;
  }
}

function rangeMessage(q: Question): string {
  if (q.min !== undefined && q.max !== undefined) return `${quoted(q)} must be from ${q.min} to ${q.max}${unitText(q)}`;
  if (q.min !== undefined) return `${quoted(q)} must be at least ${q.min}${unitText(q)}`;
  return `${quoted(q)} must be at most ${q.max}${unitText(q)}`;
}

function timeRangeMessage(q: Question): string {
  if (q.earliest && q.latest) return `${quoted(q)} must be between ${q.earliest} and ${q.latest}`;
  if (q.earliest) return `${quoted(q)} must be ${q.earliest} or later`;
  return `${quoted(q)} must be ${q.latest} or earlier`;
}

/** The schema of the whole form: one field per question, keyed by question id. */
export function questionnaireSchema(questionnaire: Questionnaire) {
  return z.object(Object.fromEntries(questionnaire.questions.map((q) => [q.id, answerSchema(q)])));
}

/** What was posted, by question id (a missing field is ""), so the form shows it again. */
export function answersFromForm(questionnaire: Questionnaire, form: FormData): Record<string, string> {
  return Object.fromEntries(
    questionnaire.questions.map((q) => {
      const value = form.get(answerName(q));
      return [q.id, typeof value === "string" ? value.slice(0, ANSWER_MAX_LENGTH * 2) : ""];
    }),
  );
}

/** Saved answers (the basket's) by question id. */
export function answersByQuestion(answers: readonly QuestionAnswer[] | undefined): Record<string, string> {
  return Object.fromEntries((answers ?? []).map((a) => [a.questionId, a.value]));
}

export type ParsedAnswers =
  | { ok: true; answers: QuestionAnswer[] }
  | { ok: false; errors: Record<string, string> };

/** Validates the posted answers against the definition: the answers to send, or errors by question id. */
export function parseAnswers(questionnaire: Questionnaire, values: Record<string, string>): ParsedAnswers {
  const parsed = questionnaireSchema(questionnaire).safeParse(values);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "form");
      errors[key] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const data = parsed.data as Record<string, string>;
  const answers = questionnaire.questions
    .filter((q) => data[q.id] !== undefined && data[q.id] !== "")
    .map((q) => ({ questionId: q.id, value: data[q.id]! }));
  return { ok: true, answers };
}

/** The gateway's field errors (`answers.<questionId>`) by question id; others under "form". */
export function gatewayAnswerErrors(
  questionnaire: Questionnaire,
  errors: readonly { field: string; message: string }[],
): Record<string, string> {
  const ids = new Set(questionnaire.questions.map((q) => q.id));
  const out: Record<string, string> = {};
  for (const e of errors) {
    const id = /^answers\.(.+?)(?:\.value)?$/.exec(e.field)?.[1];
    if (id && ids.has(id)) out[id] ??= e.message;
    else out.form ??= e.message;
  }
  return out;
}

/** Questions under their group headings, in the definition's order (ungrouped ones under null). */
export function groupQuestions(questions: readonly Question[]): { group: string | null; questions: Question[] }[] {
  const groups: { group: string | null; questions: Question[] }[] = [];
  for (const q of questions) {
    const group = q.group ?? null;
    const last = groups.at(-1);
    if (last && last.group === group) last.questions.push(q);
    else groups.push({ group, questions: [q] });
  }
  return groups;
}

/** An answer as the user reads it on the summary. */
export function answerText(q: Question, value: string | undefined): string {
  if (value === undefined || value === "") return "Not answered";
  if (q.type === "boolean") return value === "true" ? "Yes" : "No";
  if (q.type === "select") return q.options?.find((o) => o.value === value)?.label ?? value;
  if (q.type === "integer" && q.unit) return `${value} ${q.unit}`;
  return value;
}
