import { data } from "react-router";

// Placeholder: the order's iCalendar download arrives with issue 4.
export function loader() {
  throw data(null, { status: 404 });
}
