// POST /1/events as the Insights API takes them (what search-insights and InstantSearch's
// insights middleware send). Accepted events are kept in memory (the last 1,000) for
// tests to read; nothing leaves the process.

export interface InsightsEvent {
  eventType: "click" | "view" | "conversion";
  eventName: string;
  index: string;
  userToken: string;
  objectIDs?: string[];
  filters?: string[];
  positions?: number[];
  queryID?: string;
  timestamp?: number;
  [key: string]: unknown;
}

export const MAX_EVENTS_PER_REQUEST = 1000;
/** objectIDs or filters per event (docs/requirements.md §6.5: insights events are batched 20 objects). */
export const MAX_ITEMS_PER_EVENT = 20;
const KEPT = 1000;

const received: InsightsEvent[] = [];

/** The events accepted most recently, oldest first. */
export function recentInsightsEvents(): readonly InsightsEvent[] {
  return received;
}

export function clearInsightsEvents(): void {
  received.length = 0;
}

const USER_TOKEN = /^[A-Za-z0-9_=/+:.-]{1,129}$/;
const QUERY_ID = /^[0-9a-f]{32}$/;

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === "string" && v.length > 0);
}

/** The reason an event is invalid, or null. */
function invalidEvent(event: unknown, i: number): string | null {
  const at = `events[${i}]`;
  if (typeof event !== "object" || event === null || Array.isArray(event)) return `${at}: expected an object`;
  const e = event as Record<string, unknown>;
  if (e.eventType !== "click" && e.eventType !== "view" && e.eventType !== "conversion") {
    return `${at}.eventType: expected click, view or conversion`;
  }
  if (typeof e.eventName !== "string" || e.eventName.length < 1 || e.eventName.length > 64) return `${at}.eventName: 1 to 64 characters`;
  if (typeof e.index !== "string" || e.index.length === 0) return `${at}.index: required`;
  if (typeof e.userToken !== "string" || !USER_TOKEN.test(e.userToken)) {
    return `${at}.userToken: 1 to 129 characters of letters, digits and _ = / + : . -`;
  }
  if (e.authenticatedUserToken !== undefined && (typeof e.authenticatedUserToken !== "string" || !USER_TOKEN.test(e.authenticatedUserToken))) {
    return `${at}.authenticatedUserToken: 1 to 129 characters of letters, digits and _ = / + : . -`;
  }
  const hasObjects = e.objectIDs !== undefined;
  const hasFilters = e.filters !== undefined;
  if (hasObjects === hasFilters) return `${at}: give either objectIDs or filters`;
  const items = hasObjects ? e.objectIDs : e.filters;
  const name = hasObjects ? "objectIDs" : "filters";
  if (!isStringList(items) || items.length === 0) return `${at}.${name}: a non-empty array of strings`;
  if (items.length > MAX_ITEMS_PER_EVENT) return `${at}.${name}: at most ${MAX_ITEMS_PER_EVENT}, got ${items.length}`;
  if (hasFilters) {
    for (const filter of items) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(filter);
      } catch {
        return `${at}.filters: ${JSON.stringify(filter)} is not URL-encoded`;
      }
      if (!/^[^:]+:.+$/.test(decoded)) return `${at}.filters: ${JSON.stringify(decoded)} is not attribute:value`;
    }
  }
  if (e.queryID !== undefined && (typeof e.queryID !== "string" || !QUERY_ID.test(e.queryID))) return `${at}.queryID: 32 hexadecimal characters`;
  if (e.positions !== undefined) {
    if (!Array.isArray(e.positions) || !e.positions.every((p) => Number.isInteger(p) && (p as number) > 0)) {
      return `${at}.positions: positive integers`;
    }
    if (!hasObjects || e.positions.length !== (e.objectIDs as string[]).length) return `${at}.positions: one per objectID`;
  }
  if (e.eventType === "click" && e.queryID !== undefined && e.positions === undefined && hasObjects) {
    return `${at}: a click after a search (queryID) needs positions`;
  }
  if (e.timestamp !== undefined && (typeof e.timestamp !== "number" || !Number.isInteger(e.timestamp) || e.timestamp < 0)) {
    return `${at}.timestamp: milliseconds since the epoch`;
  }
  return null;
}

export type InsightsOutcome = { status: 200; body: { status: 200; message: "OK" } } | { status: 422; body: { status: 422; message: string } };

export function receiveEvents(body: unknown): InsightsOutcome {
  const events = typeof body === "object" && body !== null ? (body as Record<string, unknown>).events : undefined;
  const fail = (message: string): InsightsOutcome => ({ status: 422, body: { status: 422, message } });
  if (!Array.isArray(events)) return fail("events: expected an array");
  if (events.length === 0 || events.length > MAX_EVENTS_PER_REQUEST) return fail(`events: 1 to ${MAX_EVENTS_PER_REQUEST} events`);
  for (let i = 0; i < events.length; i++) {
    const reason = invalidEvent(events[i], i);
    if (reason) return fail(reason);
  }
  received.push(...(events as InsightsEvent[]));
  if (received.length > KEPT) received.splice(0, received.length - KEPT);
  return { status: 200, body: { status: 200, message: "OK" } };
}
