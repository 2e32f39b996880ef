import type { ReactNode } from "react";
import { redirect } from "react-router";
import { Link } from "../../../components/link";
import type { Route } from "./+types/summary";
import { getBasketQuote } from "../../../api/booking.server";
import { listAdvisories } from "../../../api/cms.server";
import { getOutreachQuestionnaire } from "../../../api/outreach.server";
import { gatewayFailure, succeeded } from "../../../api/result.server";
import { PriceTable } from "../../../components/booking/price-table";
import {
  outreachActivities, outreachView, requireOutreach, requireOutreachBasket,
} from "../../../outreach/basket.server";
import { OutreachStepPage } from "../../../components/outreach/outreach-step";
import { OutreachTimeline } from "../../../components/outreach/outreach-timeline";
import { answersByQuestion, answerText } from "../../../outreach/questionnaire";
import { schoolDayOf } from "../../../outreach/schedule";
import { otherMessages, outreachNotices, londonToday } from "../../../outreach/notice";
import {
  firstMissingStep, OUTREACH_LABELS, OUTREACH_PATHS, OUTREACH_TITLES, summaryChangeLinks, type SummarisedStep,
} from "../../../outreach/steps";
import { servicesContext } from "../../../session/context";
import { formatDate } from "../../../shell/format";
import { pageTitle } from "../../../shell/meta";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { gateway, scope } = requireOutreach(context);
  const basket = requireOutreachBasket(scope);
  const selection = basket.outreach;
  if (!selection?.schedule) throw redirect(OUTREACH_PATHS[firstMissingStep(basket)]);
  const [activities, questionnaire, advisories, quote] = await Promise.all([
    outreachActivities(gateway, scope.organisationId),
    getOutreachQuestionnaire(gateway).then(succeeded),
    listAdvisories(context.get(servicesContext).cms, { appliesTo: "outreach" }).then(succeeded),
    getBasketQuote(gateway, basket.id),
  ]);
  if (!quote.ok) {
    if (quote.status === 409) throw redirect(OUTREACH_PATHS[firstMissingStep(basket)]);
    throw gatewayFailure(quote);
  }
  const answers = answersByQuestion(selection.answers);
  return {
    outreach: outreachView(scope, activities),
    quote: quote.data,
    activities: selection.activityIds.flatMap((id) => activities.filter((a) => a.id === id)).map((a) => ({ id: a.id, name: a.name, durationMinutes: a.durationMinutes })),
    advisories: selection.acknowledgedAdvisoryIds.map((id) => advisories.items.find((a) => a.id === id)?.title ?? id),
    answers: questionnaire.questions.map((q) => ({ id: q.id, label: q.label, group: q.group ?? null, text: answerText(q, answers[q.id]) })),
    schoolDay: schoolDayOf(answers),
    schedule: selection.schedule,
    termsVersion: selection.acceptedTermsVersion ?? null,
    notices: outreachNotices([...basket.messages, ...quote.data.messages], selection.schedule.date, londonToday()),
  };
}

export default function SummaryStep({ loaderData }: Route.ComponentProps) {
  const { outreach, quote, activities, advisories, answers, schoolDay, schedule, termsVersion, notices } = loaderData;
  const basket = outreach.basket!;
  const nameOf = (id: string) => activities.find((a) => a.id === id)?.name ?? id;
  const placed = schedule.sessions.map((s, index) => {
    const activity = activities.find((a) => a.id === s.activityId);
    return {
      index,
      key: `s${index}`,
      activity: { id: s.activityId, name: activity?.name ?? s.activityId, durationMinutes: activity?.durationMinutes ?? 0, maxPupilsPerSession: 0, slots: [] },
      range: { start: s.start, end: s.end },
    };
  });
  const messages = otherMessages([...basket.messages, ...quote.messages]);
  // What each step saved; the sections, their headings and change links come from the steps table.
  const saved: Record<SummarisedStep, ReactNode> = {
    activities: (
      <ul>
        {activities.map((a) => (
          <li key={a.id}>
            {a.name} ({a.durationMinutes} minutes)
          </li>
        ))}
      </ul>
    ),
    advisories:
      advisories.length > 0 ? (
        <>
          <p>You have confirmed you can provide:</p>
          <ul>
            {advisories.map((title) => (
              <li key={title}>{title}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>Nothing to confirm for these sessions.</p>
      ),
    questions: (
      <dl>
        {answers.map((a) => (
          <div key={a.id} className="summary-row">
            <dt>{a.label}</dt>
            <dd>{a.text}</dd>
          </div>
        ))}
      </dl>
    ),
    schedule: (
      <>
        <p>
          <strong>{formatDate(schedule.date)}</strong>
        </p>
        <ul>
          {schedule.sessions.map((s, i) => (
            <li key={i}>
              {s.start}–{s.end}: session {i + 1}, {nameOf(s.activityId)}, {s.pupils} pupils
            </li>
          ))}
          <li>
            {schedule.lunchBreak.start}–{schedule.lunchBreak.end}: our team&apos;s lunch break
          </li>
        </ul>
        <OutreachTimeline schoolDay={schoolDay} sessions={placed} lunch={schedule.lunchBreak} headingLevel={3} />
      </>
    ),
    terms: <p>You accepted the outreach terms{termsVersion ? ` (version ${termsVersion})` : ""}.</p>,
  };
  return (
    <OutreachStepPage outreach={outreach} step="summary" quote={quote}>
      <p>Check your request. You can change anything before you choose how to pay and send it.</p>

      <section aria-labelledby="summary-school" className="summary-section">
        <h2 id="summary-school">Your school</h2>
        <p>{basket.organisation.name}</p>
      </section>

      {summaryChangeLinks().map((link) => (
        <section key={link.step} aria-labelledby={`summary-${link.step}`} className="summary-section">
          <h2 id={`summary-${link.step}`}>{OUTREACH_LABELS[link.step]}</h2>
          {saved[link.step]}
          <p className="change-link">
            <Link to={link.href}>{link.label}</Link>
          </p>
        </section>
      ))}

      <PriceTable lines={quote.lines} total={quote.total} caption="Price (from our booking system)" />
      {messages.map((m) => (
        <p key={m.code + m.message} className={m.severity === "error" ? "warning" : "notice"}>
          {m.message}
        </p>
      ))}
      <div className="notice">
        <p>{notices.request}</p>
        <p>{notices.cancellation}</p>
      </div>
      <div className="actions">
        <Link className="button" to={OUTREACH_PATHS.payment}>
          Continue to payment
        </Link>
      </div>
    </OutreachStepPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, OUTREACH_TITLES.summary);
