/**
 * The embedded default has no mail server: a page that says an email was sent shows the
 * link that email holds (and its subject, where the page cannot tell which email it was).
 * A demonstration only: the embedded default never runs as production (ADR 30).
 */
export function EmbeddedMailNotice({ link, subject }: { link: string; subject?: string }) {
  return (
    <section className="dev-notice" aria-label="Embedded default">
      <p>
        <strong>Embedded default: the email we would send contains this link.</strong> No email is sent in this
        demonstration.
      </p>
      {subject ? <p>Its subject: “{subject}”.</p> : null}
      <p>
        <a href={link}>{link}</a>
      </p>
    </section>
  );
}
