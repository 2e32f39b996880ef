import type { User } from "../types";
import { fail, ok, type Core } from "./core";
import {
  OUTREACH_REGION, TEAMS_PER_DAY, eligibilityReasons, outreachDateReason, outreachWindow, seededTeamDay, teamDayStatus,
  teamSlots,
} from "./outreach-rules";
import type { Failure, OutreachActivity, OutreachAvailability, OutreachAvailabilityDay, OutreachEligibility, Outcome } from "./types";

// Outreach (docs/requirements.md §8.7) before a basket: whether an organisation may book it,
// the team's activities, and the days and times the team is still free. outreach.ts builds
// the outreach steps on these.

interface Excluding { basketId?: string; orderId?: string }

export function createOutreachAvailability(core: Core) {
  const { ctx, st, bs, outreachActivity } = core;

  // ---- Who may book -------------------------------------------------------------------

  function eligibilityOf(userId: string, organisationId: string): Outcome<OutreachEligibility> {
    const org = st().organisations.get(organisationId);
    if (!org) return fail(404, "not_found", "There is no organisation with this id.");
    const association = st().associations.find((a) => a.userId === userId && a.organisationId === organisationId);
    if (!association) return fail(403, "forbidden", `You can check outreach only for organisations you belong to.`);
    const reasons = eligibilityReasons({
      name: org.name, groupType: org.groupType, postcode: org.postcode, town: org.town,
      association: association.status === "approved" ? "approved" : "pending",
    });
    return ok({ organisationId, eligible: reasons.length === 0, region: OUTREACH_REGION, reasons });
  }

  /** 403 kind_not_allowed, saying why, when the organisation may not book outreach. */
  function notEligible(userId: string, organisationId: string): Failure | undefined {
    const eligibility = eligibilityOf(userId, organisationId);
    if (!eligibility.ok) return eligibility;
    if (eligibility.value.eligible) return undefined;
    return fail(403, "kind_not_allowed", eligibility.value.reasons.map((r) => r.message).join(" "));
  }

  // ---- Catalogue and the team's calendar ------------------------------------------------

  const toActivity = (a: NonNullable<ReturnType<typeof outreachActivity>>): OutreachActivity => {
    const { venueId: _venue, ...rest } = a;
    return structuredClone(rest);
  };

  function listActivities(user: User, organisationId?: string): OutreachActivity[] {
    const id = organisationId ?? user.currentOrganisationId ?? undefined;
    const org = id ? st().organisations.get(id) : undefined;
    if (org && org.groupType !== "education" && org.groupType !== "home-education") return [];
    return st().outreachActivities.map(toActivity);
  }

  const quiet = (date: string) => bs().quietDays.has(`outreach ${date}`);

  /** Teams still free on a date: two a day, less other schools' bookings and held baskets. */
  function teamsLeft(date: string, exclude: Excluding = {}): number {
    let taken = seededTeamDay(date, quiet(date)).booked;
    for (const o of st().orders.values()) {
      if (o.kind === "outreach" && o.visitDate === date && o.status !== "cancelled" && o.id !== exclude.orderId) taken += 1;
    }
    for (const b of bs().baskets.values()) {
      if (b.kind === "outreach" && b.status === "held" && b.hold && b.id !== exclude.basketId && b.outreach?.schedule?.date === date) taken += 1;
    }
    return Math.max(0, TEAMS_PER_DAY - taken);
  }

  function slotsOn(date: string, durationMinutes: number | undefined, exclude: Excluding = {}) {
    return teamSlots(teamsLeft(date, exclude), seededTeamDay(date, quiet(date)).busy, durationMinutes);
  }

  function availability(month: string, activityId?: string): Outcome<OutreachAvailability> {
    const a = activityId ? outreachActivity(activityId) : undefined;
    if (activityId && !a) return fail(400, "bad_request", "There is no outreach activity with this id.", [{ field: "activityId", message: "Unknown outreach activity" }]);
    const today = ctx.today();
    const { from, until } = outreachWindow(today);
    const [y = 0, m = 1] = month.split("-").map(Number);
    const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const days: OutreachAvailabilityDay[] = [];
    for (let d = 1; d <= daysInMonth; d++) {
      const date = `${month}-${String(d).padStart(2, "0")}`;
      if (outreachDateReason(date, today)) {
        days.push({ date, status: "closed", slots: [] });
        continue;
      }
      const left = teamsLeft(date);
      days.push({ date, status: teamDayStatus(left), slots: slotsOn(date, a?.durationMinutes) });
    }
    return ok({ month, bookableFrom: from, bookableUntil: until, days });
  }

  return { availability, eligibilityOf, listActivities, notEligible, slotsOn, teamsLeft };
}
