import { describe, expect, it } from "vitest";
import { seedOrganisations } from "../backend/seed-organisations";
import { GENERATED_COUNT, allOrganisations, findOrganisation, generatedOrganisation, handWrittenOrganisations } from "./generate";
import { OUTREACH_REGION, REGIONS, TOWNS } from "./places";

describe("the generated organisations", () => {
  const all = allOrganisations();

  it("are at least 50,000 beside the hand-written ones, with unique objectIDs", () => {
    expect(GENERATED_COUNT).toBeGreaterThanOrEqual(50_000);
    expect(all).toHaveLength(GENERATED_COUNT + seedOrganisations().length);
    expect(new Set(all.map((o) => o.objectID)).size).toBe(all.length);
  });

  it("include every hand-written organisation of the mock backend under its own id", () => {
    const ids = new Set(all.map((o) => o.objectID));
    for (const o of seedOrganisations()) expect(ids.has(o.id), o.id).toBe(true);
    const riverside = all.find((o) => o.objectID === "org-1001");
    expect(riverside).toMatchObject({ name: "Riverside Primary School", town: "Leeds", identifier: "107412", size: 420, outreachRegion: true });
  });

  it("are deterministic: the same seed gives the same records", () => {
    expect(generatedOrganisation(12_345)).toEqual(generatedOrganisation(12_345));
    expect(allOrganisations(200)).toEqual(allOrganisations(200));
    expect(generatedOrganisation(0)).toMatchObject({ objectID: "org-100000" });
  });

  it("have consistent fields: town in its region, outreach iff Yorkshire and the Humber, identifiers by group type", () => {
    const regionOfTown = new Map(TOWNS.map((t) => [t.name, t.region]));
    const problems: string[] = [];
    const check = (ok: boolean, what: string, o: { objectID: string }) => {
      if (!ok && problems.length < 20) problems.push(`${o.objectID}: ${what}`);
    };
    for (const o of all.slice(handWrittenOrganisations().length)) {
      check((REGIONS as readonly string[]).includes(o.region), `region ${o.region}`, o);
      check(regionOfTown.get(o.town) === o.region, `${o.town} is not in ${o.region}`, o);
      check(o.outreachRegion === (o.region === OUTREACH_REGION), "outreachRegion", o);
      check(/^[A-Z]{1,2}\d{1,2} \d[ABD-HJLNP-UW-Z]{2}$/.test(o.postcode), `postcode ${o.postcode}`, o);
      check(Number.isInteger(o.rating) && o.rating >= 1 && o.rating <= 5, `rating ${o.rating}`, o);
      check(Number.isInteger(o.size) && o.size > 0, `size ${o.size}`, o);
      const identifier =
        o.groupType === "education" ? /^\d{6}$/.test(o.identifier ?? "")
        : o.groupType === "tour-operator" ? /^(\d{8}|SC\d{6}|NI\d{6})$/.test(o.identifier ?? "")
        : o.identifier === null;
      check(identifier, `identifier ${o.identifier} for ${o.groupType}`, o);
    }
    expect(problems).toEqual([]);
  });

  it("cover every group type, region and rating", () => {
    const values = (key: "groupType" | "region" | "rating") => new Set(all.map((o) => o[key]));
    expect(values("groupType")).toEqual(new Set(["education", "home-education", "tour-operator", "other-group"]));
    expect(values("region").size).toBe(REGIONS.length);
    expect(values("rating")).toEqual(new Set([1, 2, 3, 4, 5]));
    const schools = all.filter((o) => o.groupType === "education").map((o) => o.identifier);
    expect(new Set(schools).size).toBe(schools.length);
  });

  it("can each be rebuilt from its objectID alone (the mock gateway's getOrganisation)", () => {
    expect(findOrganisation("org-123456")).toEqual(generatedOrganisation(23_456));
    expect(findOrganisation("org-1003")?.name).toBe("Bramley Park Academy");
    expect(findOrganisation(`org-${100_000 + GENERATED_COUNT}`)).toBeUndefined();
    expect(findOrganisation("org-99")).toBeUndefined();
    expect(findOrganisation("nope")).toBeUndefined();
  });
});
