import type { ReactNode } from "react";
import { Form } from "react-router";
import { Link } from "../link";
import { formatDate, formatMoney } from "../../shell/format";
import { StepsBreadcrumb } from "../steps-breadcrumb";
import "../booking/booking.css";
import "./outreach.css";
import {
  OUTREACH_LABELS, OUTREACH_PATHS, OUTREACH_STEPS, OUTREACH_TITLES, outreachStepDone,
  type OutreachStep,
} from "../../outreach/steps";
import type { Basket, Quote, OutreachActivity } from "../../../generated/schemas";

/** What step loaders return as `outreach` (see outreachView in basket.server.ts). */
export interface OutreachViewData {
  basket: Basket | null;
  activities: Pick<OutreachActivity, "id" | "name" | "durationMinutes">[];
}

/** The outreach steps (see StepsBreadcrumb). */
export function OutreachBreadcrumb({
  current,
  basket,
  linkDone = true,
  allDone = false,
}: {
  current: OutreachStep;
  basket: Pick<Basket, "completedSteps" | "nextStep"> | null;
  linkDone?: boolean;
  /** After the request is sent (confirmation): every earlier step is done. */
  allDone?: boolean;
}) {
  const position = OUTREACH_STEPS.indexOf(current);
  const steps = OUTREACH_STEPS.map((step, i) => ({
    id: step,
    label: OUTREACH_LABELS[step],
    href: OUTREACH_PATHS[step],
    done: allDone ? i < position : outreachStepDone(step, basket),
  }));
  return <StepsBreadcrumb label="Outreach booking steps" steps={steps} current={current} linkDone={linkDone} />;
}

/** The request so far, beside every step: what is saved at the gateway, nothing computed here. */
export function OutreachCard({ outreach, quote }: { outreach: OutreachViewData; quote?: Quote | null }) {
  const { basket, activities } = outreach;
  const selection = basket?.outreach;
  const nameOf = (id: string) => activities.find((a) => a.id === id)?.name ?? id;
  const schedule = selection?.schedule;
  return (
    <aside className="booking-card" aria-labelledby="outreach-card-heading">
      <h2 id="outreach-card-heading">Your outreach request</h2>
      {!basket || !selection || selection.activityIds.length === 0 ? (
        <p>Nothing chosen yet. Start by choosing the sessions you would like.</p>
      ) : (
        <dl>
          <dt>School</dt>
          <dd>{basket.organisation.name}</dd>
          <dt>Sessions</dt>
          <dd>
            <ul>
              {selection.activityIds.map((id) => (
                <li key={id}>{nameOf(id)}</li>
              ))}
            </ul>
          </dd>
          {schedule ? (
            <>
              <dt>Date</dt>
              <dd>{formatDate(schedule.date)}</dd>
              <dt>Times</dt>
              <dd>
                <ul>
                  {schedule.sessions.map((s, i) => (
                    <li key={i}>
                      {s.start}–{s.end} {nameOf(s.activityId)} ({s.pupils} pupils)
                    </li>
                  ))}
                  <li>
                    {schedule.lunchBreak.start}–{schedule.lunchBreak.end} our team&apos;s lunch break
                  </li>
                </ul>
              </dd>
            </>
          ) : null}
          {basket.payment && basket.payment.method !== "none" ? (
            <>
              <dt>Payment</dt>
              <dd>{basket.payment.method === "invoice" ? "Pro-forma invoice" : "Card"}</dd>
            </>
          ) : null}
          {quote ? (
            <>
              <dt>Total</dt>
              <dd>{formatMoney(quote.total)}</dd>
            </>
          ) : null}
        </dl>
      )}
      {basket ? (
        <Form method="post" action={OUTREACH_PATHS.eligibility}>
          <input type="hidden" name="intent" value="discard" />
          <button type="submit" className="link-button">
            Start a new request
          </button>
        </Form>
      ) : null}
    </aside>
  );
}

/** An outreach step page: breadcrumb, heading, the step's content and the request card beside it. */
export function OutreachStepPage({
  outreach,
  step,
  title = OUTREACH_TITLES[step],
  quote,
  children,
}: {
  outreach: OutreachViewData;
  step: OutreachStep;
  title?: string;
  quote?: Quote | null;
  children: ReactNode;
}) {
  return (
    <div className="page booking-page outreach-page">
      <OutreachBreadcrumb current={step} basket={outreach.basket} />
      <div className="booking-layout">
        <div className="booking-main">
          <h1>{title}</h1>
          {children}
        </div>
        <OutreachCard outreach={outreach} quote={quote ?? null} />
      </div>
    </div>
  );
}

/** "Back" to the previous step, as a link (the browser's back button works as well). */
export function BackLink({ to, children }: { to: OutreachStep; children?: ReactNode }) {
  return (
    <p>
      <Link to={OUTREACH_PATHS[to]}>{children ?? `Back to ${OUTREACH_LABELS[to].toLowerCase()}`}</Link>
    </p>
  );
}
