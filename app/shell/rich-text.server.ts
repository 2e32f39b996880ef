import sanitizeHtml from "sanitize-html";
import type { SafeHtml } from "./safe-html";

// What CMS rich text may contain (contracts/cms.yaml: "the website sanitises them before
// rendering"). Anything else is dropped: its tags always, and the text of script, style
// and the like too. Links only to http(s), mailto or this site's own paths.
const options: sanitizeHtml.IOptions = {
  allowedTags: ["h2", "h3", "h4", "h5", "h6", "p", "br", "ul", "ol", "li", "a", "strong", "em", "b", "i", "blockquote", "abbr"],
  allowedAttributes: { a: ["href", "title"], abbr: ["title"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  // "//evil.example" is another site, not a path of this one.
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // The page's own title is its only h1; a CMS h1 becomes a section heading.
  transformTags: { h1: "h2" },
};

/**
 * Sanitised texts by their raw text. The CMS sends the same few texts to every request
 * (the cookie notice on every page, the pages' bodies), and sanitising means parsing each:
 * about 5 % of the home page's server time (ADR 26). The key is the whole text and the
 * function is pure, so an entry can never be stale, and nothing but public CMS text is kept
 * (docs/architecture.md §4.2, §4.3). Bounded: the least recently used goes first, and long
 * texts are not kept.
 */
const sanitised = new Map<string, SafeHtml>();
const MAX_ENTRIES = 200;
const MAX_KEPT_LENGTH = 20_000;

export function sanitizeRichText(html: string): SafeHtml {
  const known = sanitised.get(html);
  if (known !== undefined) {
    // Most recently used last, so the first entry is the one to drop.
    sanitised.delete(html);
    sanitised.set(html, known);
    return known;
  }
  const clean = sanitizeHtml(html, options) as SafeHtml;
  if (html.length <= MAX_KEPT_LENGTH) {
    if (sanitised.size >= MAX_ENTRIES) sanitised.delete(sanitised.keys().next().value!);
    sanitised.set(html, clean);
  }
  return clean;
}
