declare const safeHtml: unique symbol;

/**
 * CMS rich text that has been through the sanitiser (app/shell/rich-text.server.ts). Only
 * `sanitizeRichText` makes one, so no unsanitised string can reach the DOM through the
 * RichText component (app/components/rich-text.tsx).
 */
export type SafeHtml = string & { readonly [safeHtml]: true };
