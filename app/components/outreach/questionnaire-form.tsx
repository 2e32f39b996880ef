import { RadioGroup } from "../booking/fields";
import { Field, SelectField, TextareaField } from "../field";
import { answerId, answerName, groupQuestions, limitsHint, maxLengthOf } from "../../outreach/questionnaire";
import type { Question, Questionnaire } from "../../../generated/schemas";

// The outreach questionnaire rendered from the gateway's definition: one control per
// question by its type (text, textarea, integer, boolean, select, time), grouped under
// the definition's headings, each with its help, limits and error. The values shown are
// the saved answers, or what was posted when the server found errors.

export interface QuestionnaireFieldsProps {
  questionnaire: Questionnaire;
  /** Answers by question id (saved, or as posted). */
  values: Readonly<Record<string, string>>;
  /** Errors by question id. */
  errors: Readonly<Record<string, string | undefined>>;
}

export function QuestionnaireFields({ questionnaire, values, errors }: QuestionnaireFieldsProps) {
  return (
    <>
      {groupQuestions(questionnaire.questions).map(({ group, questions }, i) =>
        group ? (
          <fieldset key={`${group}-${i}`} className="question-group">
            <legend>{group}</legend>
            {questions.map((q) => (
              <QuestionField key={q.id} question={q} value={values[q.id] ?? ""} error={errors[q.id]} />
            ))}
          </fieldset>
        ) : (
          questions.map((q) => <QuestionField key={q.id} question={q} value={values[q.id] ?? ""} error={errors[q.id]} />)
        ),
      )}
    </>
  );
}

function labelOf(q: Question) {
  return (
    <>
      {q.label}
      {q.unit && q.type === "integer" ? ` (${q.unit})` : ""}
      {q.required ? null : <span className="optional"> (optional)</span>}
    </>
  );
}

function hintOf(q: Question) {
  const limits = limitsHint(q);
  if (!q.help && !limits) return undefined;
  return [q.help, limits].filter(Boolean).join(" ");
}

export function QuestionField({ question: q, value, error }: { question: Question; value: string; error: string | undefined }) {
  const name = answerName(q);
  const id = answerId(q);
  const hint = hintOf(q);
  switch (q.type) {
    case "text":
      return <Field name={name} id={id} label={labelOf(q)} hint={hint} error={error} defaultValue={value} maxLength={maxLengthOf(q)} autoComplete="off" />;
    case "textarea":
      return <TextareaField name={name} id={id} label={labelOf(q)} hint={hint} error={error} defaultValue={value} maxLength={maxLengthOf(q)} />;
    case "integer":
      return (
        <Field
          name={name}
          id={id}
          label={labelOf(q)}
          hint={hint}
          error={error}
          defaultValue={value}
          inputMode="numeric"
          className="input-number"
          autoComplete="off"
        />
      );
    case "time":
      return <Field name={name} id={id} type="time" label={labelOf(q)} hint={hint} error={error} defaultValue={value} min={q.earliest} max={q.latest} className="input-time" />;
    case "boolean":
      return (
        <RadioGroup
          name={name}
          id={id}
          legend={labelOf(q)}
          hint={hint}
          error={error}
          defaultValue={value}
          options={[
            { value: "true", label: "Yes" },
            { value: "false", label: "No" },
          ]}
        />
      );
    case "select": {
      const options = q.options ?? [];
      // A few options read best as radio buttons; a long list as a select.
      if (options.length <= 5) {
        return <RadioGroup name={name} id={id} legend={labelOf(q)} hint={hint} error={error} defaultValue={value} options={options} />;
      }
      return <SelectField name={name} id={id} label={labelOf(q)} hint={hint} error={error} defaultValue={value} options={options} placeholder="Choose an answer" />;
    }
  }
}
