import { data } from "react-router";

// Placeholder: the embedded search endpoint arrives with the search engine (issue 3).
export function loader() {
  throw data(null, { status: 404 });
}
