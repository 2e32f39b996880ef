import { describe, expect, it } from "vitest";
import {
  answerName, answerText, answersFromForm, gatewayAnswerErrors, groupQuestions, limitsHint, parseAnswers, questionnaireSchema,
} from "./questionnaire";
import type { Questionnaire } from "../../generated/schemas";

// A definition in the gateway's shape, with every question type, required flags and limits.
const definition: Questionnaire = {
  version: "v1",
  questions: [
    { id: "space", group: "Where we will work", label: "Which space will we use?", type: "select", required: true,
      options: [{ value: "hall", label: "School hall" }, { value: "classroom", label: "Classroom" }] },
    { id: "floor", group: "Where we will work", label: "Floor area", type: "integer", required: true, min: 20, max: 1000, unit: "m²" },
    { id: "power", group: "Where we will work", label: "Is there a socket?", type: "boolean", required: true },
    { id: "classes", group: "Your pupils", label: "Which classes?", type: "text", required: true, maxLength: 10 },
    { id: "needs", group: "Your pupils", label: "Additional needs", type: "textarea", required: false },
    { id: "start", label: "When does the day start?", type: "time", required: true, earliest: "07:30", latest: "10:00" },
    { id: "count", label: "How many adults?", type: "integer", required: false, min: 0 },
  ],
};

const valid = { space: "hall", floor: " 0150 ", power: "true", classes: "Year 4", needs: "", start: "08:50", count: "" };

describe("the questionnaire schema built from the gateway's definition", () => {
  it("accepts valid answers and sends them in the gateway's format (integers normalised, empty optional ones left out)", () => {
    expect(parseAnswers(definition, valid)).toEqual({
      ok: true,
      answers: [
        { questionId: "space", value: "hall" },
        { questionId: "floor", value: "150" },
        { questionId: "power", value: "true" },
        { questionId: "classes", value: "Year 4" },
        { questionId: "start", value: "08:50" },
      ],
    });
  });

  it("refuses missing required answers, one message per question, naming it", () => {
    const result = parseAnswers(definition, { ...valid, space: "", power: "", classes: "  ", start: "" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      space: "Choose an answer for “Which space will we use”",
      power: "Choose yes or no for “Is there a socket”",
      classes: "Answer “Which classes”",
      start: "Enter a time for “When does the day start”",
    });
  });

  it("checks each type's limits: integer range and form, text length, options, time window", () => {
    const errors = (values: Record<string, string>) => {
      const result = parseAnswers(definition, { ...valid, ...values });
      return result.ok ? {} : result.errors;
    };
    expect(errors({ floor: "5" }).floor).toBe("“Floor area” must be from 20 to 1000 m²");
    expect(errors({ floor: "12.5" }).floor).toBe("Enter a whole number for “Floor area”");
    expect(errors({ floor: "lots" }).floor).toBe("Enter a whole number for “Floor area”");
    expect(errors({ count: "-1" }).count).toBe("“How many adults” must be at least 0");
    expect(errors({ classes: "Year 4 Oak and Elm" }).classes).toBe("“Which classes” must be 10 characters or fewer");
    expect(errors({ space: "garden" }).space).toBe("Choose one of the options for “Which space will we use”");
    expect(errors({ power: "maybe" }).power).toBe("Choose yes or no for “Is there a socket”");
    expect(errors({ start: "9:30" }).start).toBe("Enter a time like 09:30 for “When does the day start”");
    expect(errors({ start: "10:30" }).start).toBe("“When does the day start” must be between 07:30 and 10:00");
    expect(errors({ needs: "x".repeat(2001) }).needs).toBe("“Additional needs” must be 2000 characters or fewer");
  });

  it("has one key per question, so a new question needs no code", () => {
    const schema = questionnaireSchema({ version: "v2", questions: [{ id: "new-one", label: "New?", type: "boolean", required: true }] });
    expect(schema.safeParse({ "new-one": "false" }).success).toBe(true);
    expect(schema.safeParse({ "new-one": "" }).success).toBe(false);
  });
});

describe("form values and gateway errors", () => {
  it("reads every question's field from the form, missing ones as empty", () => {
    const form = new FormData();
    form.set(answerName({ id: "space" }), "hall");
    form.set(answerName({ id: "floor" }), "120");
    expect(answersFromForm(definition, form)).toEqual({ space: "hall", floor: "120", power: "", classes: "", needs: "", start: "", count: "" });
  });

  it("places the gateway's answers.<id> errors beside their questions, others at the top", () => {
    expect(
      gatewayAnswerErrors(definition, [
        { field: "answers.start", message: "Lunch must start after the school day starts" },
        { field: "questionnaireVersion", message: "The questionnaire has changed" },
      ]),
    ).toEqual({ start: "Lunch must start after the school day starts", form: "The questionnaire has changed" });
  });

  it("groups questions under their headings, in order, and says answers as the user reads them", () => {
    expect(groupQuestions(definition.questions).map((g) => [g.group, g.questions.length])).toEqual([
      ["Where we will work", 3],
      ["Your pupils", 2],
      [null, 2],
    ]);
    const [space, floor, power] = definition.questions;
    expect(answerText(space!, "hall")).toBe("School hall");
    expect(answerText(floor!, "150")).toBe("150 m²");
    expect(answerText(power!, "false")).toBe("No");
    expect(answerText(power!, undefined)).toBe("Not answered");
    expect(limitsHint(floor!)).toBe("A whole number from 20 to 1000 m².");
  });
});
