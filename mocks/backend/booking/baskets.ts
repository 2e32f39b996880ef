import { ok, type Core } from "./core";
import type { Basket, BasketRecord, BasketStep, Outcome } from "./types";
import type { Outreach } from "./outreach";
import { createDateStep } from "./baskets/date-step";
import { createGroupVisitSteps } from "./baskets/group-visit-steps";
import { createHolds } from "./baskets/holds";
import { createMessages } from "./baskets/messages";
import { createPaymentStep } from "./baskets/payment-step";
import { createProgress } from "./baskets/progress";
import { arrivalError, optionalText } from "./baskets/step-fields";
import { createView } from "./baskets/view";
import { createVisitSteps } from "./baskets/visit-steps";

// Baskets, put together from their parts in baskets/: the rules of each step's fields
// (date-step, visit-steps, group-visit-steps, payment-step, step-fields), the progress
// through the flow (progress), the advice messages and the wire basket (messages, view),
// and holds (holds: the capacity check when places are held or checked out). The parts
// take what they need from each other as arguments, so only this module imports them.

export function createBaskets(core: Core, outreach: Outreach) {
  const { validateDate } = createDateStep(core);
  const { parseInformation, parseSchedule, scheduleErrors } = createVisitSteps(core);
  const { groupActivityErrors, parseGroupDetails, parseTickets, ticketErrors } = createGroupVisitSteps(core);
  const { optionsFor, paymentErrors, quoteTotal } = createPaymentStep(core);
  const { editable, incomplete, missingBefore, progress, stepDone } = createProgress(core, outreach, {
    paymentErrors, quoteTotal, scheduleErrors, ticketErrors,
  });
  const { capacityFailure, touch } = createHolds(core, outreach);
  const { messagesFor } = createMessages(core, outreach);
  const { toBasket } = createView(core, outreach, { messagesFor, progress, quoteTotal });

  /**
   * Saving one step of the user's basket: found, the step may be saved now (editable), then
   * `save` validates and writes it; the basket as it now stands, or why not.
   */
  function saveStep(userId: string, basketId: string, step: BasketStep, save: (b: BasketRecord) => Outcome<unknown>): Outcome<Basket> {
    const found = core.ownBasket(userId, basketId);
    if (!found.ok) return found;
    const blocked = editable(found.value, step);
    if (blocked) return blocked;
    const saved = save(found.value);
    return saved.ok ? ok(toBasket(found.value)) : saved;
  }

  return {
    arrivalError, capacityFailure, editable, groupActivityErrors, incomplete, messagesFor, missingBefore,
    optionalText, optionsFor, parseGroupDetails, parseInformation, parseSchedule, parseTickets, paymentErrors,
    progress, quoteTotal, saveStep, scheduleErrors, stepDone, ticketErrors, toBasket, touch, validateDate,
  };
}

export type Baskets = ReturnType<typeof createBaskets>;
