import { z } from "zod";
import type { Route } from "./+types/order-calendar";
import { listVenues } from "../../api/cms.server";
import { getOrder } from "../../api/orders.server";
import { required } from "../../api/result.server";
import { buildCalendar, calendarFileName, orderEvent } from "../../orders/ics";
import { servicesContext } from "../../session/context";
import { requireUser } from "../../session/current-user.server";
import { ORDER_STATUS_LABELS } from "../../orders/format";
import { validParams } from "../../forms/params";

const paramsSchema = z.object({ orderId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/** The venue's address for LOCATION; the calendar file is still made if the CMS cannot say. */
async function venueAddress(context: Route.LoaderArgs["context"], venueId: string): Promise<string | undefined> {
  const result = await listVenues(context.get(servicesContext).cms);
  const venue = result.ok ? result.data.items.find((v) => v.id === venueId) : undefined;
  if (!venue) return undefined;
  const { line1, line2, town, postcode } = venue.address;
  return [line1, line2, town, postcode].filter(Boolean).join(", ");
}

/** The order as an iCalendar file (RFC 5545), downloaded by "Add to calendar". */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const { orderId } = validParams(paramsSchema, params);
  const { gateway } = requireUser(context);
  const order = required(await getOrder(gateway, orderId));
  // Outreach happens at the organisation (the event's LOCATION), not at the venue.
  const address = order.kind === "outreach" ? undefined : await venueAddress(context, order.venue.id);
  const body = buildCalendar([
    orderEvent(order, { origin: url.origin, now: new Date(), address, statusLabel: ORDER_STATUS_LABELS[order.status] }),
  ]);
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${calendarFileName(order.reference)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
