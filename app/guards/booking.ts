import type { MiddlewareFunction } from "react-router";

// Pass-through until the visit booking issue: it will require an approved association,
// the right flow for the group type, and earlier steps done.
export const booking: MiddlewareFunction<Response> = () => {};
