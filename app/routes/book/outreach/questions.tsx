import { data, Form } from "react-router";
import type { Route } from "./+types/questions";
import { getOutreachQuestionnaire, updateBasketOutreachAnswers } from "../../../api/outreach.server";
import { problemText, succeeded } from "../../../api/result.server";
import { FormErrors } from "../../../components/form-errors";
import {
  outreachActivities, outreachView, redirectToDue, requireOutreach, requireOutreachBasket,
} from "../../../outreach/basket.server";
import { BackLink, OutreachStepPage } from "../../../components/outreach/outreach-step";
import {
  answerId, answersByQuestion, answersFromForm, gatewayAnswerErrors, parseAnswers,
} from "../../../outreach/questionnaire";
import { QuestionnaireFields } from "../../../components/outreach/questionnaire-form";
import { OUTREACH_TITLES } from "../../../outreach/steps";
import { pageTitle } from "../../../shell/meta";
import { SaveAndContinue } from "../../../components/save-and-continue";
import { useSubmitting } from "../../../shell/pending";
import { RestoredNotice } from "../../../components/restored-notice";
import { restoredValues } from "../../../session/restore-form.server";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { gateway, scope } = requireOutreach(context);
  const basket = requireOutreachBasket(scope);
  const [questionnaire, activities] = await Promise.all([
    getOutreachQuestionnaire(gateway).then(succeeded),
    outreachActivities(gateway, scope.organisationId),
  ]);
  const selection = basket.outreach;
  // What was typed here before a time-out comes back after login (ADR 35), over what is saved.
  const restored = restoredValues(context, (form) => answersFromForm(questionnaire, form));
  return {
    outreach: outreachView(scope, activities),
    questionnaire,
    saved: restored ?? answersByQuestion(selection?.answers),
    restored: restored !== null,
    // Saved answers to an older questionnaire are offered again, to be checked.
    changed: Boolean(selection?.questionnaireVersion && selection.questionnaireVersion !== questionnaire.version),
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  const { gateway, scope } = requireOutreach(context);
  const basket = requireOutreachBasket(scope);
  // The schema is built from the questionnaire in force, the one the form was rendered from.
  const questionnaire = succeeded(await getOutreachQuestionnaire(gateway));
  const values = answersFromForm(questionnaire, form);
  const parsed = parseAnswers(questionnaire, values);
  if (!parsed.ok) return data({ errors: parsed.errors, values }, { status: 400 });

  const saved = await updateBasketOutreachAnswers(gateway, basket.id, {
    questionnaireVersion: questionnaire.version,
    answers: parsed.answers,
  });
  if (!saved.ok) {
    const errors = gatewayAnswerErrors(questionnaire, saved.problem.errors ?? []);
    if (Object.keys(errors).length === 0) errors.form = problemText(saved.problem);
    return data({ errors, values }, { status: saved.status });
  }
  return redirectToDue(saved.data);
}

export default function QuestionsStep({ loaderData, actionData }: Route.ComponentProps) {
  const { outreach, questionnaire, changed } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const values = actionData?.values ?? loaderData.saved;
  const submitting = useSubmitting();
  const fieldIds = Object.fromEntries(questionnaire.questions.map((q) => [q.id, answerId(q)]));
  return (
    <OutreachStepPage outreach={outreach} step="questions">
      <FormErrors errors={errors} fieldIds={fieldIds} />
      <RestoredNotice show={!actionData && loaderData.restored} />
      {changed ? (
        <p className="notice" role="status">
          Our questions have changed since you answered them. Check your answers, then save them again.
        </p>
      ) : null}
      <p>
        These answers help our team plan the visit: the space we will use, your pupils, and your school day. We will not
        plan sessions during your school&apos;s lunch time.
      </p>
      <Form method="post" noValidate className="booking-form questionnaire">
        <QuestionnaireFields questionnaire={questionnaire} values={values} errors={errors} />
        <div className="actions">
          <SaveAndContinue submitting={submitting} />
        </div>
      </Form>
      <BackLink to="advisories" />
    </OutreachStepPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, OUTREACH_TITLES.questions);
