import type { components } from "../../../generated/cms";

// CMS content for outreach: the advisories a school acknowledges before booking (hall
// size, power, parking, access, safety) and the outreach terms. The gateway's outreach
// activities name the advisories they need (OutreachActivity.advisoryIds). Rich text
// fields are HTML fragments, as the CMS sends them.

type Advisory = components["schemas"]["Advisory"];
type Terms = components["schemas"]["Terms"];

/** The CMS `outreach` terms accepted at the terms step; checkout requires their current version. */
export const OUTREACH_TERMS_VERSION = "outreach-2026-01";

export function createAdvisories(): Advisory[] {
  return [
    {
      id: "adv-hall-space",
      title: "Hall size",
      severity: "important",
      appliesTo: ["outreach"],
      requiresAcknowledgement: true,
      acknowledgementLabel: "I have read the advice on hall space",
      body: "<p>We need a clear floor of at least <strong>64 m²</strong> (about 8 by 8 metres) for a workshop, and <strong>100 m²</strong> with a ceiling of 4 metres for the planetarium dome. Please clear tables, chairs and PE equipment before we arrive, and keep the space free for the whole visit.</p>",
    },
    {
      id: "adv-power",
      title: "Power",
      severity: "important",
      appliesTo: ["outreach"],
      activityIds: ["out-planetarium-dome", "out-fossil-roadshow", "out-colour-chemistry", "out-victorian-schoolroom"],
      requiresAcknowledgement: true,
      acknowledgementLabel: "I have read the advice on power",
      body: "<p>We need one ordinary 13 A socket within 5 metres of where we set up. We bring our own tested extension leads and cable covers. Tell us in the questions if there is no socket near the space.</p>",
    },
    {
      id: "adv-parking",
      title: "Parking and unloading",
      severity: "info",
      appliesTo: ["outreach"],
      requiresAcknowledgement: true,
      acknowledgementLabel: "I have read the advice on parking",
      body: "<p>Our team arrives in a small van about 30 minutes before the first session. We need somewhere to unload close to the entrance and, ideally, a space to park for the day. If there is no parking on site, we will park nearby and pay for it.</p>",
    },
    {
      id: "adv-access",
      title: "Access for our equipment",
      severity: "info",
      appliesTo: ["outreach"],
      requiresAcknowledgement: true,
      acknowledgementLabel: "I have read the advice on access",
      body: "<p>Our equipment travels in crates on trolleys. A route without steps from the van to the space helps; if there are steps, a lift or narrow doors, tell us in the questions so we can plan.</p>",
    },
    {
      id: "adv-safety",
      title: "Safety and supervision",
      severity: "important",
      appliesTo: ["outreach"],
      requiresAcknowledgement: true,
      acknowledgementLabel: "I have read the advice on safety and supervision",
      body: "<p>A member of school staff stays with the pupils throughout every session: our team does not take over your duty of care. Our staff hold enhanced DBS checks and we carry public liability insurance; our risk assessment is sent with the pro-forma invoice.</p>",
    },
    {
      id: "adv-visit-day",
      title: "On the day of a museum visit",
      severity: "info",
      appliesTo: ["visit", "group-visit"],
      requiresAcknowledgement: false,
      body: "<p>Arrive at the group entrance 10 minutes before your first activity. Coats and bags go in the cloakroom.</p>",
    },
  ];
}

export function createOutreachTerms(): Terms {
  return {
    kind: "outreach",
    version: OUTREACH_TERMS_VERSION,
    title: "Terms for outreach visits",
    summary:
      "An outreach booking is a request until it is paid: pay the pro-forma invoice (or by card) to confirm it. Cancelling needs 28 days' notice. A member of school staff stays with the pupils in every session.",
    body: [
      "<h2>Your request</h2>",
      "<p>When you book, we send a pro-forma invoice for the sessions. Your visit is confirmed when it is paid, by bank transfer or by card. You can also pay by card when you book.</p>",
      "<h2>Cancelling and changes</h2>",
      "<p>Ask to cancel at least 28 days before the visit and we cancel the invoice, or refund what you paid. Within 28 days the full charge is due, since the team's day cannot be offered to another school. To change times or numbers, contact the outreach team.</p>",
      "<h2>On the day</h2>",
      "<p>Have the space ready and clear as you described in the questions. A member of school staff stays with the pupils throughout every session.</p>",
    ].join(""),
    effectiveFrom: "2026-01-01",
  };
}
