import { data, Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/group-activities";
import { updateBasketGroupActivities } from "../../api/booking.server";
import { fieldErrors, problemText } from "../../api/result.server";
import { bookingView, requireBasket, requireBooking } from "../../booking/basket.server";
import { continueBooking } from "../../booking/continue.server";
import { BookingStep } from "../../components/booking/booking-step";
import { FormErrors } from "../../components/form-errors";
import { groupActivitiesOfTheDay } from "../../booking/group/activities.server";
import { ActivityPicker } from "../../components/booking/group/activity-picker";
import { pageTitle } from "../../shell/meta";
import { SaveAndContinue } from "../../components/save-and-continue";
import { useSubmitting } from "../../shell/pending";

const schema = z.object({
  activityIds: z
    .array(z.string().regex(/^[A-Za-z0-9_@:.-]{1,100}$/, "Choose from the activities listed"))
    .min(1, "Choose at least one activity")
    .max(20, "Choose 20 activities or fewer")
    .transform((ids) => [...new Set(ids)]),
});

export async function loader({ context, url }: Route.LoaderArgs) {
  const { user, gateway, scope } = requireBooking(context);
  const basket = requireBasket(scope);
  const activities = await groupActivitiesOfTheDay(gateway, basket, user.groupType);
  return { booking: bookingView(scope), activities, chosen: basket.groupActivityIds ?? [] };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { gateway, scope } = requireBooking(context);
  const basket = requireBasket(scope);
  const form = await request.formData();
  const values = form.getAll("activityId").map(String);
  const parsed = schema.safeParse({ activityIds: values });
  if (!parsed.success) {
    return data({ errors: { activityIds: parsed.error.issues[0]?.message ?? "Choose at least one activity" } as Record<string, string>, values }, { status: 400 });
  }
  const result = await updateBasketGroupActivities(gateway, basket.id, { activityIds: parsed.data.activityIds });
  if (!result.ok) {
    const byField = fieldErrors(result.problem);
    const activityError = Object.entries(byField).find(([field]) => field.startsWith("activityIds"))?.[1];
    const errors: Record<string, string> = { form: problemText(result.problem) };
    if (activityError) errors.activityIds = activityError;
    return data({ errors, values }, { status: result.status });
  }
  return continueBooking(gateway, result.data);
}

export default function GroupActivities({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, activities, chosen } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const submitting = useSubmitting();
  return (
    <BookingStep booking={booking} step="group-activities" title="Choose activities">
      <FormErrors errors={errors} />
      <Form method="post" noValidate className="booking-form">
        <ActivityPicker activities={activities} chosen={actionData?.values ?? chosen} error={errors.activityIds} />
        <div className="actions">
          <SaveAndContinue submitting={submitting} />
        </div>
      </Form>
    </BookingStep>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Choose activities");
