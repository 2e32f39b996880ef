import { data } from "react-router";

// Unmatched URLs land here so the root's theme, auth and datalayer guards still run,
// and the root error boundary shows the 404 page.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
