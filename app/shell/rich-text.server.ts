import sanitizeHtml from "sanitize-html";
import type { SafeHtml } from "../components/rich-text";

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

export function sanitizeRichText(html: string): SafeHtml {
  return sanitizeHtml(html, options) as SafeHtml;
}
