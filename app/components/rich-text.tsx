/**
 * CMS rich text. The CMS is trusted to send HTML of headings, paragraphs, lists and links;
 * sanitising it with a maintained sanitiser is tracked in the production-hardening issue.
 */
export function RichText({ html }: { html: string }) {
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
