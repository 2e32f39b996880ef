import type { GroupType } from "../../types";
import { bookableWindow, dayStatus, unbookableReason } from "../calendar";
import { fail, ok } from "../core";
import type { ActivityList, AvailabilityDay, CmsVenue, Outcome, VenueAvailability } from "../types";
import type { BookingParts } from "./parts";

// What can be booked where: a venue's days in a month, its activities on a day, and the
// CMS's venue pages, made from the same venues and activities so the two cannot disagree.

export function createAvailabilityOperations({ ctx, core }: BookingParts) {
  const { st, activitiesAt, dayRemaining, sweep, toActivity, venue } = core;

  return {
    getVenueAvailability(venueId: string, month: string): Outcome<VenueAvailability> {
      sweep();
      if (!venue(venueId)) return fail(404, "not_found", "There is no venue with this id.");
      const today = ctx.today();
      const { from, until } = bookableWindow(today);
      const [y = 0, m = 1] = month.split("-").map(Number);
      const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
      const days: AvailabilityDay[] = [];
      for (let d = 1; d <= daysInMonth; d++) {
        const date = `${month}-${String(d).padStart(2, "0")}`;
        if (unbookableReason(date, today)) days.push({ date, status: "closed" });
        else {
          const remainingCapacity = dayRemaining(venueId, date);
          days.push({ date, status: dayStatus(remainingCapacity), remainingCapacity });
        }
      }
      return ok({ venueId, month, bookableFrom: from, bookableUntil: until, days });
    },

    listActivities(venueId: string, date: string, filter: { kind?: string; groupType: GroupType }): Outcome<ActivityList> {
      sweep();
      if (!venue(venueId)) return fail(404, "not_found", "There is no venue with this id.");
      const items = unbookableReason(date, ctx.today())
        ? []
        : activitiesAt(venueId)
          .filter((a) => a.groupTypes.includes(filter.groupType) && (!filter.kind || a.kind === filter.kind))
          .map((a) => toActivity(a, date));
      return ok({ venueId, date, items });
    },

    /** Venue pages of the CMS (listVenues), made from the same venues and activities. */
    cmsVenues(groupType?: GroupType): CmsVenue[] {
      return st().venues.map((v): CmsVenue => {
        const here = activitiesAt(v.id);
        const groupTypes = [...new Set(here.flatMap((a) => a.groupTypes))] as GroupType[];
        return {
          id: v.id,
          slug: v.id.replace(/^venue-/, ""),
          name: v.name,
          summary: v.summary,
          body: `<p>${v.summary}</p><p>General admission is free. Workshops, shows and tours are booked in timed slots.</p>`,
          address: { line1: v.address.line1, town: v.address.town, postcode: v.address.postcode },
          openingTimes: "Open daily 10:00–17:00; closed 24–26 December.",
          accessInformation: "<p>Step-free access from the coach drop-off to every gallery. A quiet room is available on request, and sensory maps are at the welcome desk.</p>",
          groupTypes,
          lunchSpace: here.some((a) => a.kind === "lunch-space"),
        };
      }).filter((v) => !groupType || v.groupTypes.includes(groupType));
    },
  };
}
