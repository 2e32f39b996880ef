import { unescape } from "instantsearch.js/es/lib/utils/escape-html.js";
import { getHighlightedParts } from "instantsearch.js/es/lib/utils/getHighlightedParts.js";
import { Fragment } from "react";

/**
 * Text with the matched parts in <mark>, from an escaped highlight value ("a <mark>b</mark>")
 * as instantsearch.js leaves it. No HTML is injected: each part is unescaped and rendered as text.
 */
export function Highlighted({ value, fallback }: { value: string | undefined; fallback: string }) {
  if (!value) return <>{fallback}</>;
  return (
    <>
      {getHighlightedParts(value).map((part, i) =>
        part.isHighlighted ? <mark key={i}>{unescape(part.value)}</mark> : <Fragment key={i}>{unescape(part.value)}</Fragment>,
      )}
    </>
  );
}
