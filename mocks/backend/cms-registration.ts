import type { GroupTypeContent, Terms } from "../../generated/schemas";

// CMS content for registration: the four group types (in display order) and the
// registration terms. Rich text fields are HTML fragments, as the CMS sends them.

export function createGroupTypes(): GroupTypeContent[] {
  return [
    {
      groupType: "education",
      name: "Schools and colleges",
      summary: "Nurseries, primary and secondary schools, academies, special schools and sixth form colleges.",
      description: "<p>Curriculum-linked workshops, shows and self-led visits for pupils of every age, and outreach for schools in West and North Yorkshire.</p>",
      registrationIntro: "<p>Find your school in the search and ask to join it, or add it if nobody from your school has registered yet. You will need the school's URN.</p>",
      bookingIntro: "<p>Book workshops, shows and lunch space for your class. Adults within the supervision ratio visit free.</p>",
      organisationKinds: ["Nursery school", "Primary school", "Secondary school", "Academy", "Special school", "Sixth form college"],
    },
    {
      groupType: "home-education",
      name: "Home-education groups",
      summary: "Families who educate at home and visit together as a group.",
      description: "<p>Hands-on sessions for mixed ages, with the same supervision ratios as schools.</p>",
      registrationIntro: "<p>Join your group if it is already registered, or register a new home-education group.</p>",
      bookingIntro: "<p>Book sessions for your group's children and adults.</p>",
      organisationKinds: ["Home education group", "Home education co-operative"],
    },
    {
      groupType: "tour-operator",
      name: "Tour operators",
      summary: "Tour companies and coach operators bringing groups of visitors.",
      description: "<p>Timed entry, guided tours and shows for groups of adults and families, with coach drop-off at every museum.</p>",
      registrationIntro: "<p>Find your company and ask to join it, or register it with its Companies House number.</p>",
      bookingIntro: "<p>Book tickets per timed slot for your group.</p>",
      organisationKinds: ["Tour company", "Coach operator", "Educational tour operator"],
    },
    {
      groupType: "other-group",
      name: "Other groups",
      summary: "Clubs, societies, charities, uniformed groups and community groups.",
      description: "<p>Exhibitions, tours and shows for any organised group.</p>",
      registrationIntro: "<p>Find your group and ask to join it, or tell us about it.</p>",
      bookingIntro: "<p>Book tickets per timed slot for your group.</p>",
      organisationKinds: ["Community group", "Charity", "Scout group", "Social club", "U3A group", "Women's Institute"],
    },
  ];
}

export function createRegistrationTerms(): Terms {
  return {
    kind: "registration",
    version: "registration-2026-01",
    title: "Account terms and privacy notice",
    summary:
      "You register on behalf of your organisation and keep your login to yourself. We use your details to manage your bookings and, only if you agree, to send you news.",
    body: [
      "<h2>Your account</h2>",
      "<p>You register on behalf of the organisation you name, and you keep your password to yourself. Tell us if your role changes.</p>",
      "<h2>Your details</h2>",
      "<p>We use your details to manage your organisation's bookings and to contact you about them. We send news only if you agree, and you can stop it at any time.</p>",
    ].join(""),
    effectiveFrom: "2026-01-01",
  };
}
