import { data, Form } from "react-router";
import type { Route } from "./+types/group-capacities";
import { updateBasketGroupCapacities } from "../../api/booking.server";
import { bookingView, requireBasket, requireBooking } from "../../booking/basket.server";
import { continueBooking } from "../../booking/continue.server";
import { BookingStep } from "../../components/booking/booking-step";
import { FormErrors } from "../../components/form-errors";
import { chosenActivities, ownHeldPlaces } from "../../booking/group/activities.server";
import { TicketRows } from "../../components/booking/group/ticket-rows";
import {
  MAX_ROWS, emptyRow, parseTicketRows, placeGatewayErrors, rowsFromForm, rowsFromTickets, type FieldErrors, type FormRows,
} from "../../booking/group/tickets";
import { pageTitle } from "../../shell/meta";
import { DefaultSave, SaveAndContinue } from "../../components/save-and-continue";
import { problemText } from "../../api/result.server";
import { useSubmitting } from "../../shell/pending";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { user, gateway, scope } = requireBooking(context);
  const basket = requireBasket(scope);
  const activities = await chosenActivities(gateway, basket, user.groupType);
  return {
    booking: bookingView(scope),
    activities,
    rows: rowsFromTickets(activities, basket.tickets),
    messages: basket.messages.filter((m) => m.field?.startsWith("tickets")),
  };
}

type ActionResult = { rows: FormRows; errors: FieldErrors };

export async function action({ request, context, url }: Route.ActionArgs) {
  const { user, gateway, scope } = requireBooking(context);
  const basket = requireBasket(scope);
  const activities = await chosenActivities(gateway, basket, user.groupType);
  const form = await request.formData();
  const rows = rowsFromForm(form, activities.length);

  // "Add another time": the same form back with one more row for that activity; nothing saved.
  const intent = String(form.get("intent") ?? "");
  const add = /^add-(\d+)$/.exec(intent);
  if (add) {
    const index = Number(add[1]);
    const target = rows[index];
    if (target && target.length < MAX_ROWS) target.push(emptyRow());
    return data<ActionResult>({ rows, errors: {} });
  }

  const parsed = parseTicketRows(activities, rows, ownHeldPlaces(basket));
  if (Object.keys(parsed.errors).length > 0) return data<ActionResult>({ rows, errors: parsed.errors }, { status: 400 });

  const result = await updateBasketGroupCapacities(gateway, basket.id, { tickets: parsed.tickets });
  if (!result.ok) {
    const placed = placeGatewayErrors(result.problem.errors ?? [], parsed.sources);
    const errors: FieldErrors = { ...placed, form: placed.form ?? problemText(result.problem) };
    return data<ActionResult>({ rows, errors }, { status: result.status });
  }
  return continueBooking(gateway, result.data);
}

export default function GroupCapacities({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, activities, messages } = loaderData;
  const rows = actionData?.rows ?? loaderData.rows;
  const errors: FieldErrors = actionData?.errors ?? {};
  const saving = useSubmitting((form) => form.get("intent") === "save");
  return (
    <BookingStep booking={booking} step="group-capacities" title="Choose times and tickets">
      <FormErrors errors={errors} />
      <p>
        For each activity, choose a time and how many tickets of each type you need. The places left are shown with each
        time. Split your group across times with &ldquo;Add another time&rdquo;.
      </p>
      {messages.map((m) => (
        <p key={m.code + m.message} className={m.severity === "info" ? "notice" : "warning"}>
          {m.message}
        </p>
      ))}
      <Form method="post" noValidate className="booking-form">
        <DefaultSave name="intent" value="save" />
        {activities.map((activity, index) => (
          <TicketRows key={activity.id} activity={activity} index={index} rows={rows[index] ?? [emptyRow()]} errors={errors} />
        ))}
        <div className="actions">
          <SaveAndContinue submitting={saving} name="intent" value="save" />
        </div>
      </Form>
    </BookingStep>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Choose times and tickets");
