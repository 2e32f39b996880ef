import type { MiddlewareFunction } from "react-router";

// Pass-through until the registration issue: it will 404 unknown groups and enforce step order.
export const registration: MiddlewareFunction<Response> = () => {};
