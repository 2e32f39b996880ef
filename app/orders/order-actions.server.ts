// The order page's changes, one handler per intent of its forms: pay by card, ask to
// cancel, and the numbers' three steps (back to editing, check the price, confirm). Each
// answers with the page's action data or a redirect (home, or the hosted payment page).
import { data } from "react-router";
import { z } from "zod";
import type { GatewayClient } from "../api/client.server";
import { createOrderAmendment, quoteOrderAmendment, requestOrderCancellation, startOrderPayment } from "../api/orders.server";
import { getOrder } from "../api/orders.server";
import { fieldErrors, problemText, required } from "../api/result.server";
import { toHostedPayment } from "../booking/card-payment.server";
import { newIdempotencyKey, submittedKey } from "../booking/idempotency";
import type { AppSession } from "../session/session.server";
import { amendLines, parseAmendment, placeAmendmentErrors, valuesFromForm, type AmendLine, type AmendValues } from "./amendment";
import type { OrderNoticeKey } from "./order-page";
import type { AmendmentQuote, Problem } from "../../generated/schemas";

/** The intents of the order page's submit buttons. */
export const orderIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("pay") }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.enum(["edit", "quote", "amend"]) }),
]);
export type OrderIntent = z.infer<typeof orderIntentSchema>["intent"];

export type OrderActionData =
  | { intent: "pay"; errors: Record<string, string>; idempotencyKey?: string }
  | { intent: "cancel"; errors: Record<string, string>; reason: string }
  | { intent: "numbers"; step: "edit"; values: AmendValues; errors: Record<string, string> }
  | { intent: "numbers"; step: "confirm"; values: AmendValues; quote: AmendmentQuote; idempotencyKey: string; errors: Record<string, string> };

/** The answer to a post without a known intent. */
export const unknownOrderIntent = () =>
  data<OrderActionData>({ intent: "pay", errors: { form: "Choose what to do with this booking." } }, { status: 400 });

export interface OrderActionContext {
  gateway: GatewayClient;
  session: AppSession;
  orderId: string;
  /** The order page's path. */
  here: string;
  /** Where the hosted payment page sends the user back (the order page's loader). */
  returnUrl: string;
  /** The redirect back to the order page, which shows `notice` once. */
  backWith: (notice: OrderNoticeKey) => Promise<Response>;
}

export async function payForOrder({ gateway, session, orderId, here, returnUrl }: OrderActionContext, form: FormData) {
  const { key } = submittedKey(form);
  const result = await startOrderPayment(gateway, orderId, key, { returnUrl });
  if (!result.ok) {
    // No usable answer (the payment may have been started): the same key, so paying again
    // gives that payment rather than a second one.
    const sameKey = result.upstream ? { idempotencyKey: key } : {};
    return data<OrderActionData>({ intent: "pay", errors: { form: problemText(result.problem) }, ...sameKey }, { status: result.status });
  }
  return toHostedPayment(session, result.data, here);
}

export async function requestCancellation({ gateway, orderId, backWith }: OrderActionContext, form: FormData) {
  const reason = String(form.get("reason") ?? "").trim();
  const invalid = reason === "" ? "Tell us why you want to cancel" : reason.length > 2000 ? "Use 2000 characters or fewer" : null;
  if (invalid) return data<OrderActionData>({ intent: "cancel", errors: { reason: invalid }, reason }, { status: 400 });
  const result = await requestOrderCancellation(gateway, orderId, { reason });
  if (!result.ok) {
    const errors = { ...fieldErrors(result.problem), form: problemText(result.problem) };
    return data<OrderActionData>({ intent: "cancel", errors, reason }, { status: result.status });
  }
  return backWith("cancellation-requested");
}

type Numbers = { ok: true; lines: AmendLine[]; values: AmendValues } | { ok: false; answer: ReturnType<typeof data<OrderActionData>> };

/** The numbers sent, read against what the order (read again now) lets go up. */
async function submittedNumbers({ gateway, orderId }: OrderActionContext, form: FormData): Promise<Numbers> {
  const order = required(await getOrder(gateway, orderId));
  const lines = amendLines(order);
  if (!lines) {
    return {
      ok: false,
      answer: data<OrderActionData>(
        { intent: "numbers", step: "edit", values: {}, errors: { form: "This booking's numbers cannot be changed online. Contact the bookings team." } },
        { status: 409 },
      ),
    };
  }
  return { ok: true, lines, values: valuesFromForm(form, lines) };
}

/** "Change the numbers" from the confirm step: the edit step again, with the numbers sent. */
export async function editNumbers(context: OrderActionContext, form: FormData) {
  const numbers = await submittedNumbers(context, form);
  if (!numbers.ok) return numbers.answer;
  return data<OrderActionData>({ intent: "numbers", step: "edit", values: numbers.values, errors: {} });
}

type Checked =
  | { ok: true; values: AmendValues; parsed: ReturnType<typeof parseAmendment> }
  | { ok: false; answer: ReturnType<typeof data<OrderActionData>> };

/** The numbers sent, checked: the edit step with the errors when they do not pass. */
async function checkedNumbers(context: OrderActionContext, form: FormData): Promise<Checked> {
  const numbers = await submittedNumbers(context, form);
  if (!numbers.ok) return numbers;
  const { lines, values } = numbers;
  const parsed = parseAmendment(lines, values);
  if (Object.keys(parsed.errors).length > 0) {
    return { ok: false, answer: data<OrderActionData>({ intent: "numbers", step: "edit", values, errors: parsed.errors }, { status: 400 }) };
  }
  return { ok: true, values, parsed };
}

/** The gateway's refusal of the numbers, beside the fields it names and above the form. */
function gatewayErrors(problem: Pick<Problem, "detail" | "title" | "errors">, parsed: ReturnType<typeof parseAmendment>) {
  return { ...placeAmendmentErrors(problem.errors ?? [], parsed.fieldOf), form: problemText(problem) };
}

/** "Check the price": the gateway's quote for the new numbers, for the confirm step. */
export async function quoteNumbers(context: OrderActionContext, form: FormData) {
  const checked = await checkedNumbers(context, form);
  if (!checked.ok) return checked.answer;
  const { values, parsed } = checked;
  const quote = await quoteOrderAmendment(context.gateway, context.orderId, parsed.body);
  if (!quote.ok) return data<OrderActionData>({ intent: "numbers", step: "edit", values, errors: gatewayErrors(quote.problem, parsed) }, { status: quote.status });
  return data<OrderActionData>({ intent: "numbers", step: "confirm", values, quote: quote.data, idempotencyKey: newIdempotencyKey(), errors: {} });
}

/** "Confirm": the amendment made, then the hosted payment page when it costs money. */
export async function amendNumbers(context: OrderActionContext, form: FormData) {
  const checked = await checkedNumbers(context, form);
  if (!checked.ok) return checked.answer;
  const { values, parsed } = checked;
  const { gateway, session, orderId, here, returnUrl, backWith } = context;
  const { key } = submittedKey(form);
  const result = await createOrderAmendment(gateway, orderId, key, { ...parsed.body, returnUrl });
  // A refusal, or no usable answer, is the edit step again with the numbers kept; going on
  // means checking the price again, against the order as it then is.
  if (!result.ok) {
    return data<OrderActionData>({ intent: "numbers", step: "edit", values, errors: gatewayErrors(result.problem, parsed) }, { status: result.status });
  }
  if (result.data.payment) return toHostedPayment(session, result.data.payment, here);
  return backWith("amended");
}
