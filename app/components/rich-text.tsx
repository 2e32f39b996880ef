import type { SafeHtml } from "../shell/safe-html";

/**
 * CMS rich text: headings, paragraphs, lists, links and emphasis. Sanitised on the server
 * in the loader that reads it (sanitize-html); the browser gets the clean HTML in the
 * document or the loader's data, so the sanitiser never ships to it (ADR 0008).
 */
export function RichText({ html }: { html: SafeHtml }) {
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
