import type { User } from "../../types";
import type {
  Basket, BasketRecord, BasketStep, Outcome, OutreachActivityList, OutreachAvailability, OutreachEligibility,
  Questionnaire,
} from "../types";
import type { BookingParts } from "./parts";

// Outreach (the team visiting the school): eligibility, the activities, the questionnaire,
// the team's calendar, and saving the outreach steps; the rules are in outreach.ts.

export function createOutreachOperations({ core, baskets, outreach }: BookingParts) {
  const { sweep } = core;
  const { saveStep, touch } = baskets;

  /** An outreach step saved, and its basket touched (a change lets any hold go). */
  function outreachStep(userId: string, basketId: string, step: BasketStep, save: (b: BasketRecord) => Outcome<null>): Outcome<Basket> {
    return saveStep(userId, basketId, step, (b) => {
      const saved = save(b);
      if (saved.ok) touch(b);
      return saved;
    });
  }

  return {
    getOutreachEligibility(userId: string, organisationId: string): Outcome<OutreachEligibility> {
      return outreach.eligibilityOf(userId, organisationId);
    },

    listOutreachActivities(user: User, organisationId?: string): OutreachActivityList {
      return { items: outreach.listActivities(user, organisationId) };
    },

    getOutreachQuestionnaire(): Questionnaire {
      return outreach.questionnaire();
    },

    getOutreachAvailability(month: string, activityId?: string): Outcome<OutreachAvailability> {
      sweep();
      return outreach.availability(month, activityId);
    },

    updateBasketOutreachActivities(userId: string, basketId: string, body: unknown): Outcome<Basket> {
      return outreachStep(userId, basketId, "outreach-activities", (b) => outreach.saveActivities(b, body));
    },

    updateBasketOutreachAdvisories(userId: string, basketId: string, body: unknown): Outcome<Basket> {
      return outreachStep(userId, basketId, "outreach-advisories", (b) => outreach.saveAdvisories(b, body));
    },

    updateBasketOutreachAnswers(userId: string, basketId: string, body: unknown): Outcome<Basket> {
      return outreachStep(userId, basketId, "outreach-questions", (b) => outreach.saveAnswers(b, body));
    },

    updateBasketOutreachSchedule(userId: string, basketId: string, body: unknown): Outcome<Basket> {
      return outreachStep(userId, basketId, "outreach-schedule", (b) => outreach.saveSchedule(b, body));
    },

    updateBasketOutreachTerms(userId: string, basketId: string, body: unknown): Outcome<Basket> {
      return outreachStep(userId, basketId, "outreach-terms", (b) => outreach.saveTerms(b, body));
    },
  };
}
