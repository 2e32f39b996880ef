import type { Page, Site } from "./types";

// Hrefs point at the app's own routes; CMS pages other than "home" are linked
// by slug at the site root (/accessibility, /privacy, /terms).
export function createSite(): Site {
  return {
    title: "Group visits",
    tagline: "School and group visits to West Riding Museums in Leeds, Bradford and York",
    header: {
      navigation: [
        { label: "Home", href: "/" },
        { label: "Plan a visit", href: "/account/book/date" },
        { label: "Account", href: "/account" },
      ],
    },
    footer: {
      navigation: [
        { label: "Accessibility", href: "/accessibility" },
        { label: "Privacy", href: "/privacy" },
        { label: "Terms", href: "/terms" },
        { label: "Contact the bookings team", href: "mailto:groups@westridingmuseums.example.org" },
      ],
      legal: "© West Riding Museums Trust. Registered charity number 1234567.",
    },
    cookieNotice: {
      heading: "Cookies on Group visits",
      body: "<p>We use essential cookies to keep you signed in and to remember your booking.</p><p>With your permission we would also like to use analytics cookies to understand how the site is used, so we can improve it. Read our <a href=\"/privacy\">privacy notice</a>.</p>",
      acceptLabel: "Accept cookies",
      rejectLabel: "Reject cookies",
    },
    newsletter: {
      heading: "News for group organisers",
      body: "New workshops, term-time offers and exhibition previews, once a month. You can unsubscribe at any time.",
    },
  };
}

export function createPages(): Page[] {
  return [
    {
      slug: "home",
      title: "School and group visits",
      description: "Book school trips, group visits and outreach workshops at West Riding Museums in Leeds, Bradford and York.",
      body: [
        "<h2>Visits for every kind of group</h2>",
        "<p>Our four museums welcome schools, home-educating families, tour operators and community groups all year round. General admission is free; workshops, shows and guided tours are bookable in timed slots.</p>",
        "<ul>",
        "<li><strong>Aire Valley Mills Museum</strong>, Leeds: steam, spinning and the lives of mill children.</li>",
        "<li><strong>Leeds Museum of Natural History</strong>: fossils, dinosaurs and a planetarium.</li>",
        "<li><strong>Bradford Colour Works Gallery</strong>: art, textiles and the chemistry of colour.</li>",
        "<li><strong>York Roman Quarter Museum</strong>: Roman Eboracum, Viking Jorvik and a hands-on dig.</li>",
        "</ul>",
        "<h2>Before you book</h2>",
        "<p>Bookings open 12 months ahead and close 3 days before your visit. For schools we ask for one adult for every 8 pupils aged 5 to 11; adults within ratio visit free.</p>",
        "<p>Schools in West and North Yorkshire can also book <a href=\"/account/book/outreach\">outreach workshops</a>, where our team comes to you.</p>",
      ].join(""),
      callsToAction: [
        { label: "Book a visit", href: "/account/book/date" },
        { label: "Register your group", href: "/registration" },
      ],
    },
    {
      slug: "accessibility",
      title: "Accessibility",
      description: "How we make visits and this website accessible.",
      body: [
        "<h2>At our museums</h2>",
        "<p>All four museums have step-free routes, accessible toilets and a quiet room. Tell us about mobility, sensory or communication needs when you book and we will plan the day with you.</p>",
        "<ul><li>Carers for visitors with additional needs are free.</li><li>Ear defenders and sensory bags are available at every front desk.</li><li>Assistance dogs are welcome.</li></ul>",
        "<h2>This website</h2>",
        "<p>We aim to meet WCAG 2.2 level AA. If something does not work for you, email <a href=\"mailto:groups@westridingmuseums.example.org\">groups@westridingmuseums.example.org</a>.</p>",
      ].join(""),
      callsToAction: [],
    },
    {
      slug: "privacy",
      title: "Privacy",
      description: "How we use the personal information you give us.",
      body: [
        "<h2>What we collect</h2>",
        "<p>Your name, work contact details and your organisation, so that we can manage bookings with you. We keep booking records for six years for accounting.</p>",
        "<h2>Your rights</h2>",
        "<ul><li>See the information we hold about you.</li><li>Ask us to correct or delete it.</li><li>Withdraw consent to newsletters at any time.</li></ul>",
      ].join(""),
      callsToAction: [],
    },
    {
      slug: "terms",
      title: "Terms of booking",
      description: "The terms that apply to group and school bookings.",
      body: [
        "<h2>Bookings</h2>",
        "<p>Bookings can be made from 3 days to 12 months ahead for groups of 1 to 200 people.</p>",
        "<h2>Payment</h2>",
        "<ul><li>Card payments are taken when you book, or held until 60 days before a visit booked further ahead.</li><li>Schools booking more than 28 days ahead may pay by invoice.</li></ul>",
        "<h2>Cancellation</h2>",
        "<p>Outreach bookings need 28 days' notice of cancellation.</p>",
      ].join(""),
      callsToAction: [],
    },
  ];
}
