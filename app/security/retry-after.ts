import type { HeadersFunction } from "react-router";

/**
 * A route's `headers`: passes its action's Retry-After (a 429 from the rate limit) on to
 * the document or .data response. Without a `headers` export React Router keeps only an
 * action's Set-Cookie headers.
 */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
