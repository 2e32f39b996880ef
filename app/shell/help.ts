// Help a user can always find (WCAG 3.2.6 Consistent help): the bookings team, in the same
// place on every page (last in the footer's links, app/components/site-footer.tsx), whether
// or not the CMS's footer lists it and when the CMS is down. The address is the app's, as
// are the pages that send users to it (e.g. a booking that needs an approved association).

export const BOOKINGS_TEAM_EMAIL = "groups@westridingmuseums.example.org";

export const BOOKINGS_TEAM_HELP = { label: "Contact the bookings team", href: `mailto:${BOOKINGS_TEAM_EMAIL}` } as const;
