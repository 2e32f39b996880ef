import type { MiddlewareFunction } from "react-router";

// Pass-through until the outreach issue: it will check eligibility and step order.
export const outreach: MiddlewareFunction<Response> = () => {};
