import { useRouteLoaderData } from "react-router";
import { Link } from "../components/link";
import type { Route } from "./+types/accessibility";
import { getPage } from "../api/cms.server";
import { RichText } from "../components/rich-text";
import { servicesContext } from "../session/context";
import { pageTitle } from "../shell/meta";
import type { loader as rootLoader } from "../root";
import { sanitizeRichText } from "../shell/rich-text.server";
import type { Link as CmsLink } from "../../generated/schemas";
import { publicPage } from "../shell/cache-control.server";

// The accessibility statement of this website. It ranks above the CMS page route
// (:slug), so the CMS's own "accessibility" page, about access at the museums, is shown
// here above the statement when the CMS has one.

/** When this statement was prepared and last reviewed (update it with the statement). */
const STATEMENT_DATE = "2026-11-23";

export const headers = publicPage();

export async function loader({ context }: Route.LoaderArgs) {
  const { cms } = context.get(servicesContext);
  // Optional: the statement stands on its own if the CMS has no such page.
  const page = await getPage(cms, "accessibility");
  return { venues: page.ok ? { description: page.data.description, body: sanitizeRichText(page.data.body) } : null };
}

/** The CMS's contact link from the site footer (an email address or phone number), if it has one. */
function contactLink(navigation: readonly CmsLink[]): CmsLink | null {
  return navigation.find((item) => /^(mailto|tel):/i.test(item.href)) ?? null;
}

const statementDate = new Date(`${STATEMENT_DATE}T12:00:00Z`).toLocaleDateString("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

export default function Accessibility({ loaderData: { venues } }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const contact = root ? contactLink(root.site.footer.navigation) : null;
  const address = contact?.href.replace(/^(mailto|tel):/i, "").split("?")[0];
  return (
    <article className="page narrow">
      <h1>Accessibility statement</h1>
      <p className="lead">How accessible this website is, what we know does not work yet, and how to tell us about a problem.</p>
      {venues ? (
        <section aria-labelledby="at-the-museums">
          <h2 id="at-the-museums">Access at our museums</h2>
          <p>{venues.description}</p>
          <RichText html={venues.body} />
        </section>
      ) : null}

      <section aria-labelledby="conformance">
        <h2 id="conformance">How accessible this website is</h2>
        <p>
          We want everyone who organises a group visit to be able to use this website: register, find their organisation,
          book visits and outreach, and manage their bookings. It is built to meet the{" "}
          <a href="https://www.w3.org/TR/WCAG22/">Web Content Accessibility Guidelines (WCAG) 2.2</a> at level AA. We believe it
          is <strong>partially compliant</strong>: the parts listed under known limitations do not fully meet it yet, or
          have not been checked by people who use assistive technology.
        </p>
        <p>You should be able to:</p>
        <ul>
          <li>use the website with a keyboard alone, with the focused control clearly outlined;</li>
          <li>skip straight to the main content with the first link on every page;</li>
          <li>use every form without JavaScript: each form is sent to the server and checked there;</li>
          <li>hear form errors: a summary is announced, and each error is shown beside its field and read with it;</li>
          <li>
            be warned before we sign you out after a time without activity, and stay signed in with one button; if we do
            sign you out, logging in again takes you back to the page, with what you had typed in your details and booking
            forms;
          </li>
          <li>
            ask for more time when we hold places for you: extend the hold once before the time runs out, or have it, and
            every hold after it, last 2 hours 30 minutes instead of 15 minutes, with one button on the page or in{" "}
            <Link to="/account/user/edit">your details</Link>; the time left is shown by the confirm button too.
          </li>
        </ul>
      </section>

      <section aria-labelledby="testing">
        <h2 id="testing">How we test it</h2>
        <ul>
          <li>
            Every page and every open dialog visited by our automated end-to-end tests is checked with{" "}
            <a href="https://github.com/dequelabs/axe-core">axe</a> against the WCAG 2.0, 2.1 and 2.2 A and AA rules,
            including target size, and the tests must visit every kind of page the website has; any failure stops a release.
          </li>
          <li>
            Keyboard-only tests register a group, book a visit, book outreach (with its time and lunch dialogs), book a group
            visit as a tour operator, correct and save your details, correct and save your organisation's details as its lead,
            ask to join an organisation, leave an organisation, increase the numbers of a booking and ask to cancel one using
            only Tab, Shift+Tab, Enter, Space, the arrow keys and Escape, and check that focus is always visible.
          </li>
          <li>The main journeys are also tested with JavaScript turned off.</li>
          <li>
            Registration, booking, outreach and account pages are checked to fit a screen 320 pixels wide, as on a small
            phone or at 400% zoom, without scrolling sideways.
          </li>
          <li>
            Every kind of page, the booking calendars and the outreach time and lunch dialogs are gone through with a keyboard
            at 400% zoom and on a screen 320 by 256 pixels: each control must be clearly outlined when it has focus, in view
            and not covered by anything. They are also checked with text twice as large, and with the wider letter, word, line
            and paragraph spacing some readers set: no text may overlap, be cut off or have its words split.
          </li>
          <li>
            We run Google Lighthouse on a mobile profile against the home, log-in, organisation search and booking date
            pages, and aim for an accessibility score of 100.
          </li>
        </ul>
        <p>
          Automated tools find only some accessibility problems. This website has not yet been audited by an independent
          accessibility specialist, nor tested with disabled users of screen readers, magnifiers or voice control.
        </p>
      </section>

      <section aria-labelledby="limitations">
        <h2 id="limitations">Known limitations</h2>
        <ul>
          <li>
            Card payments are taken on our payment provider's own page. We do not control how accessible it is; if you
            cannot use it, schools booking more than 28 days ahead can pay by invoice, or contact us to pay another way.
          </li>
          <li>
            Search by voice in the organisation search uses your browser's speech recognition, which some browsers do not
            have. Typing in the search box always works.
          </li>
          <li>
            Pages, advice and terms written in our content system are checked when our tests visit them, but new content
            may not have been checked before it is published.
          </li>
          <li>
            Without JavaScript, form errors are shown at the top of the page and beside each field when the page comes
            back, but screen readers do not announce the summary by themselves: it is near the top of the page, under its heading.
          </li>
          <li>
            Calendar files (to add a visit to your calendar) show whatever your calendar application shows; the same details
            are always on the order's page.
          </li>
        </ul>
      </section>

      <section aria-labelledby="report">
        <h2 id="report">Reporting a problem or asking for another format</h2>
        <p>
          If something on this website does not work for you, or you need information in another format,{" "}
          {contact && address ? (
            <>
              {contact.href.toLowerCase().startsWith("tel:") ? "call" : "email"} the group bookings team at{" "}
              <a href={contact.href}>{address}</a>.
            </>
          ) : (
            <>contact the group bookings team of the museum you are visiting.</>
          )}{" "}
          Tell us the page address, what you were trying to do and what happened, and the browser and any assistive
          technology you use. We aim to reply within 5 working days.
        </p>
      </section>

      <section aria-labelledby="statement-date">
        <h2 id="statement-date">About this statement</h2>
        <p>
          This statement was prepared on <time dateTime={STATEMENT_DATE}>{statementDate}</time>. It is based on the automated
          testing described above and will be reviewed whenever the website changes significantly, and at least once a year.
        </p>
      </section>
    </article>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageTitle(matches, "Accessibility statement"),
  { name: "description", content: "How accessible the group visits website is, its known limitations and how to report a problem." },
];
