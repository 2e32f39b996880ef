// @vitest-environment happy-dom
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { QuestionnaireFields } from "./questionnaire-form";
import type { Questionnaire } from "../../../generated/schemas";

const definition: Questionnaire = {
  version: "v1",
  questions: [
    { id: "space", group: "Where we will work", label: "Which space?", type: "select", required: true,
      options: [{ value: "hall", label: "School hall" }, { value: "classroom", label: "Classroom" }] },
    { id: "floor", group: "Where we will work", label: "Floor area", type: "integer", required: true, min: 20, max: 1000, unit: "m²", help: "Clear floor." },
    { id: "power", label: "Is there a socket?", type: "boolean", required: true },
    { id: "needs", label: "Additional needs", type: "textarea", required: false, maxLength: 500 },
    { id: "start", label: "Day starts", type: "time", required: true, earliest: "07:30", latest: "10:00" },
  ],
};

describe("the questionnaire rendered from its definition", () => {
  const html = renderToString(
    <QuestionnaireFields
      questionnaire={definition}
      values={{ space: "hall", floor: "5", power: "false", needs: "Lift", start: "08:50" }}
      errors={{ floor: "“Floor area” must be from 20 to 1000 m²" }}
    />,
  );

  const doc = document.createElement("div");
  doc.innerHTML = html;
  const input = (id: string) => doc.querySelector<HTMLInputElement>(`#${id}`)!;

  it("gives each type its control, with the answers shown again", () => {
    expect(doc.querySelector("fieldset.question-group > legend")?.textContent).toBe("Where we will work");
    expect(input("answer-space")).toMatchObject({ type: "radio", name: "answer.space", value: "hall", checked: true });
    expect(input("answer-power-false")).toMatchObject({ type: "radio", name: "answer.power", value: "false", checked: true });
    expect(input("answer-floor")).toMatchObject({ name: "answer.floor", value: "5", inputMode: "numeric" });
    expect(input("answer-floor").getAttribute("aria-invalid")).toBe("true");
    expect(input("answer-floor").getAttribute("aria-describedby")).toBe("answer-floor-hint answer-floor-error");
    const needs = doc.querySelector<HTMLTextAreaElement>("#answer-needs")!;
    expect([needs.name, needs.value, needs.maxLength]).toEqual(["answer.needs", "Lift", 500]);
    expect(input("answer-start")).toMatchObject({ type: "time", name: "answer.start", value: "08:50", min: "07:30", max: "10:00" });
  });

  it("says limits, help, optional questions and errors beside each field", () => {
    const text = doc.textContent!;
    expect(doc.querySelector("label[for=answer-floor]")?.textContent).toBe("Floor area (m²)");
    expect(doc.querySelector("#answer-floor-hint")?.textContent).toBe("Clear floor. A whole number from 20 to 1000 m².");
    expect(text).toContain("Use the 24-hour clock, for example 09:30 between 07:30 and 10:00.");
    expect(doc.querySelector("label[for=answer-needs]")?.textContent).toBe("Additional needs (optional)");
    expect(doc.querySelector("#answer-floor-error")?.textContent).toBe("Error: “Floor area” must be from 20 to 1000 m²");
  });
});
