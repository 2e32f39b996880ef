import type { SearchClient } from "instantsearch.js";
import { renderToString } from "react-dom/server";
import { getServerState } from "react-instantsearch-core";
import { describe, expect, it } from "vitest";
import {
  groupTypeFilter,
  groupTypeRuleContext,
  limitRuleContexts,
  OrganisationSearch,
  OrganisationSearchTree,
  orderFacets,
} from "./organisation-search";
import { RIVERSIDE_PRIMARY } from "./hits.test-support";

const INDEX = "dev_organisations";
const PAGE = "http://127.0.0.1:3000/registration/education/organisation";

interface Request {
  indexName: string;
  params?: Record<string, unknown>;
}

const HITS = [
  {
    ...RIVERSIDE_PRIMARY,
    _highlightResult: { name: { value: "__ais-highlight__River__/ais-highlight__side <Primary> School", matchLevel: "partial", matchedWords: ["river"] } },
  },
  {
    objectID: "org-2",
    name: "Riverbank Academy",
    groupType: "education",
    kind: "Academy",
    town: "York",
    postcode: "YO1 7HH",
    region: "Yorkshire and the Humber",
    size: 1100,
    identifier: null,
    rating: 3,
    outreachRegion: true,
    verified: false,
  },
];

/** A search client answering every query from canned results, recording what it was asked. */
function fakeClient(nbHits: number) {
  const requests: Request[] = [];
  const client = {
    search(batch: Request[]) {
      requests.push(...batch);
      return Promise.resolve({
        results: batch.map((request) => ({
          index: request.indexName,
          query: String(request.params?.query ?? ""),
          params: "",
          hits: nbHits === 0 ? [] : HITS,
          nbHits,
          page: Number(request.params?.page ?? 0),
          nbPages: Math.ceil(nbHits / 10),
          hitsPerPage: 10,
          processingTimeMS: 3,
          exhaustiveNbHits: true,
          exhaustiveFacetsCount: true,
          facets: {
            groupType: { education: nbHits },
            kind: { Academy: 7, "Primary school": 30 },
            town: { Leeds: 20, York: 17 },
            region: { "Yorkshire and the Humber": 37, London: 5 },
            rating: { "3": 12, "4": 20, "5": 5 },
            outreachRegion: { true: 37, false: 5 },
            size: { "420": 1, "1100": 1 },
          },
          facets_stats: { size: { min: 12, max: 2400, avg: 400, sum: 1000 }, rating: { min: 1, max: 5, avg: 3, sum: 100 } },
          renderingContent: { facetOrdering: { facets: { order: ["region", "kind", "town", "rating", "outreachRegion", "verified"] } } },
          userData: [{ banner: "Can't find your school? Choose 'My organisation is not listed'." }],
        })),
      });
    },
    searchForFacetValues() {
      return Promise.resolve([{ facetHits: [], exhaustiveFacetsCount: true, processingTimeMS: 1 }]);
    },
  };
  return { client: client as unknown as SearchClient, requests };
}

async function serverRender(nbHits: number, search = "") {
  const { client, requests } = fakeClient(nbHits);
  const props = {
    searchClient: client,
    config: { indexName: INDEX, hosts: null },
    serverUrl: `${PAGE}${search}`,
    groupType: "education",
    ruleContexts: ["registration"],
  };
  const serverState = await getServerState(<OrganisationSearchTree {...props} />, { renderToString });
  const html = renderToString(
    <OrganisationSearch
      {...props}
      serverState={serverState}
      renderHitAction={(hit) => <button type="submit">{`Choose ${hit.name}`}</button>}
    />,
  );
  return { html, requests, serverState };
}

describe("organisation search helpers", () => {
  it("limits rule contexts to 10 valid, distinct names", () => {
    const many = Array.from({ length: 14 }, (_, i) => `context-${i}`);
    expect(limitRuleContexts(["registration", "registration", "not valid!", ...many])).toHaveLength(10);
    expect(limitRuleContexts(["registration", "bad context"])).toEqual(["registration"]);
  });

  it("fixes a group type with a filter and its own rule context", () => {
    expect(groupTypeFilter("home-education")).toBe('groupType:"home-education"');
    expect(groupTypeRuleContext("tour-operator")).toBe("ais-groupType-tour-operator");
  });

  it("orders facets as the index says, then ours, without hidden ones", () => {
    expect(orderFacets(["region", "kind", "verified"], ["groupType"])).toEqual([
      "region",
      "kind",
      "town",
      "size",
      "rating",
      "outreachRegion",
    ]);
    expect(orderFacets([])).toEqual(["groupType", "kind", "town", "region", "size", "rating", "outreachRegion"]);
  });
});

describe("organisation search, rendered on the server", () => {
  it("asks for the URL's state, the fixed group type, rule contexts and dynamic facets", async () => {
    const { requests } = await serverRender(2, "?q=river&kind=Academy&page=2&sort=name_asc");
    const main = requests.find((r) => r.indexName === `${INDEX}_name_asc` && !(r.params?.hitsPerPage === 0));
    expect(main?.params).toMatchObject({
      query: "river",
      page: 1,
      hitsPerPage: 10,
      filters: 'groupType:"education"',
      ruleContexts: ["registration", "ais-groupType-education"],
      maxValuesPerFacet: 20,
      clickAnalytics: true,
    });
    expect(JSON.stringify(main?.params?.facetFilters)).toContain("kind:Academy");
    expect(main?.params?.facets).toContain("*");
  });

  it("renders first results, stats and every widget into the HTML", async () => {
    const { html } = await serverRender(37);
    expect(html).toContain("Riverside Primary School");
    expect(html).toContain("<mark>River</mark>");
    expect(html).toContain("side &lt;Primary&gt; School");
    expect(html).toContain("Choose Riverbank Academy");
    expect(html).toContain("37 results found in 3 ms");
    expect(html).toContain('placeholder="Search here…"');
    expect(html).toContain('maxLength="512"');
    expect(html).toContain("Sort results by");
    expect(html).toContain("Name A–Z");
    expect(html).toContain("Largest first");
    expect(html).toContain('aria-label="Next page"');
    expect(html).toContain('aria-label="Last page"');
    expect(html).toContain("Search by voice (not supported on this browser)");
    expect(html).toContain("Can&#x27;t find your school?");
    expect(html).toContain("In our outreach region");
    expect(html).toContain("4 stars &amp; up");
    expect(html).toContain(">Go</button>");
    expect(html).toContain(">to</span>");
    expect(html).toContain("Search towns");
    // The index's facet order, then ours; the fixed group type is not offered.
    const order = ["Region", "Kind of organisation", "Town", "Visit rating", "Outreach", "Size (pupils or members)"].map((h) =>
      html.indexOf(`>${h}</h3>`),
    );
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).not.toContain(">Type of group</h3>");
  });

  it("says so when nothing matches", async () => {
    const { html } = await serverRender(0, "?q=zzzzqqq");
    expect(html).toContain("No results.");
    expect(html).toContain("No results found in 3 ms");
    expect(html).not.toContain('aria-label="Next page"');
  });
});
