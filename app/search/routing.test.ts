import { describe, expect, it } from "vitest";
import { createSearchRouting, createStateMapping, type RouteState } from "./routing";

const INDEX = "dev_organisations";
const mapping = createStateMapping(INDEX);
const PAGE = "http://127.0.0.1:3000/registration/education/organisation";

/** The route state a URL's query string gives, as the history router parses it. */
function read(search: string): RouteState {
  return createSearchRouting(INDEX, `${PAGE}?${search}`).router!.read();
}

/** The URL the history router writes for a route state. */
function write(route: RouteState): string {
  return createSearchRouting(INDEX, PAGE).router!.createURL(route);
}

describe("search URL state", () => {
  it("round-trips every widget's state through the query string", () => {
    const uiState = {
      [INDEX]: {
        query: "leeds academy",
        page: 3,
        refinementList: { kind: ["Academy", "Primary school"], town: ["Leeds"] },
        menu: { region: "Yorkshire and the Humber" },
        range: { size: "100:500" },
        ratingMenu: { rating: 4 },
        toggle: { outreachRegion: true },
        sortBy: `${INDEX}_name_asc`,
      },
    };
    const route = mapping.stateToRoute(uiState);
    expect(route).toEqual({
      q: "leeds academy",
      page: "3",
      kind: ["Academy", "Primary school"],
      town: ["Leeds"],
      region: "Yorkshire and the Humber",
      size: "100:500",
      rating: "4",
      outreach: "true",
      sort: "name_asc",
    });
    const url = write(route);
    expect(url).toBe(
      "/registration/education/organisation?q=leeds%20academy&page=3&kind=Academy&kind=Primary%20school&town=Leeds" +
        "&region=Yorkshire%20and%20the%20Humber&size=100%3A500&rating=4&outreach=true&sort=name_asc",
    );
    expect(mapping.routeToState(read(url.split("?")[1]!))).toEqual(uiState);
  });

  it("leaves defaults out of the URL", () => {
    expect(mapping.stateToRoute({ [INDEX]: { page: 1, sortBy: INDEX, configure: { hitsPerPage: 10 } } })).toEqual({});
    expect(mapping.stateToRoute({})).toEqual({});
  });

  it("ignores what it cannot trust in a typed URL", () => {
    const state = mapping.routeToState(
      read("q[a]=1&page=-2&kind[x]=y&region[]=a&size=500:100&rating=9&outreach=yes&sort=price&strictness=abc"),
    );
    expect(state).toEqual({ [INDEX]: {} });
    expect(mapping.routeToState({ q: "x".repeat(600) })[INDEX]?.query).toHaveLength(512);
    expect(mapping.routeToState({ size: "100:" })[INDEX]?.range).toEqual({ size: "100:" });
  });

  it("keeps the relevant sort's strictness", () => {
    const route = mapping.stateToRoute({ [INDEX]: { sortBy: `${INDEX}_relevant`, relevantSort: 0 } });
    expect(route).toEqual({ sort: "relevant", strictness: "0" });
    expect(mapping.routeToState(route)).toEqual({ [INDEX]: { sortBy: `${INDEX}_relevant`, relevantSort: 0 } });
  });

  it("reads the request URL on the server and writes relative URLs, 400 ms after a change", () => {
    const routing = createSearchRouting(INDEX, "http://127.0.0.1:3000/registration/education/organisation?q=leeds&kind=Academy");
    const router = routing.router!;
    expect(router.read()).toEqual({ q: "leeds", kind: "Academy" });
    expect(routing.stateMapping!.routeToState(router.read())).toEqual({
      [INDEX]: { query: "leeds", refinementList: { kind: ["Academy"] } },
    });
    expect(router.createURL({ q: "york", kind: ["A", "B"] })).toBe("/registration/education/organisation?q=york&kind=A&kind=B");
    expect((router as unknown as { writeDelay: number }).writeDelay).toBe(400);
  });
});
