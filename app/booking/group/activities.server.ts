import { redirect } from "react-router";
import { listActivities } from "../../api/booking.server";
import type { GatewayClient } from "../../api/client.server";
import { required } from "../../api/result.server";
import { stepPath } from "../steps";
import { GROUP_ACTIVITY_KINDS } from "./activity-kinds";
import type { Activity, Basket, GroupType } from "../../../generated/schemas";

/** The day's activities a group may choose (exhibitions, tours, shows, workshops open to groups). */
export async function groupActivitiesOfTheDay(gateway: GatewayClient, basket: Basket, groupType: GroupType): Promise<Activity[]> {
  if (!basket.venue || !basket.visitDate) throw redirect(stepPath("date"));
  const list = required(await listActivities(gateway, basket.venue.id, { date: basket.visitDate, groupType }));
  return list.items.filter((a) => (GROUP_ACTIVITY_KINDS as readonly string[]).includes(a.kind));
}

/** The activities chosen at the previous step, in the order chosen, with their slots. */
export async function chosenActivities(gateway: GatewayClient, basket: Basket, groupType: GroupType): Promise<Activity[]> {
  const ids = basket.groupActivityIds ?? [];
  if (ids.length === 0) throw redirect(stepPath("group-activities"));
  const all = await groupActivitiesOfTheDay(gateway, basket, groupType);
  return ids.map((id) => all.find((a) => a.id === id)).filter((a): a is Activity => Boolean(a));
}

/** Places this booking already holds per slot (a held basket's own tickets count as free to it). */
export function ownHeldPlaces(basket: Basket): Map<string, number> {
  const held = new Map<string, number>();
  if (basket.status !== "held") return held;
  for (const t of basket.tickets) held.set(t.slotId, (held.get(t.slotId) ?? 0) + t.quantity);
  return held;
}
