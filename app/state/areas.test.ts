import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GROUP_TYPES } from "../organisations/group-types";
import { createRegistrationStore } from "./registration";

// docs/requirements.md §7 says where each area of the product's state lives: a store in
// app/state/, or no store (and why). The table is read here and held against the folder, so
// the document stays true when a store comes or goes.

const here = path.dirname(new URL(import.meta.url).pathname);
const requirements = readFileSync(path.join(here, "../../docs/requirements.md"), "utf8");
const section = requirements.slice(requirements.indexOf("## 7. Client state"), requirements.indexOf('<a id="business-rules">'));
const rows = [...section.matchAll(/^\| `([a-z]+)` \| (.+) \|$/gm)].map(([, area, where]) => ({ area: area!, where: where! }));

/** The spec's areas (docs/requirements.md §7's first sentence). */
const SPEC_AREAS = ["account", "app", "auth", "booking", "loading", "login", "outreach", "registration", "resources"];

const storeFiles = readdirSync(here).filter((f) => /^[a-z-]+\.ts$/.test(f) && !f.endsWith(".test.ts"));

describe("docs/requirements.md §7: the areas of state", () => {
  it("lists each of the spec's areas once", () => {
    expect(rows.map((r) => r.area).sort()).toEqual(SPEC_AREAS);
  });

  it("names a store file for each store, and every store file in app/state/ is one of them", async () => {
    const named = rows.filter((r) => r.where.startsWith("`app/state/"));
    expect(named.map((r) => r.where.match(/^`app\/state\/([a-z-]+\.ts)`/)?.[1]).sort()).toEqual([...storeFiles].sort());
    for (const { area, where } of named) {
      const file = where.match(/^`app\/state\/([a-z-]+)\.ts`/)![1]!;
      const module = (await import(`./${file}.ts`)) as Record<string, unknown>;
      const create = Object.entries(module).find(([name]) => /^create\w+Store$/.test(name))?.[1];
      expect(typeof create, `${area}: app/state/${file}.ts makes a store`).toBe("function");
      expect(typeof (create as () => unknown)(), area).toBe("object");
    }
  });

  it("says why an area has no store, and no file claims it", () => {
    for (const { area, where } of rows.filter((r) => !r.where.startsWith("`app/state/"))) {
      expect(where, area).toMatch(/^no store: .{20,}/);
      expect(storeFiles, area).not.toContain(`${area}.ts`);
    }
  });

  it("keeps registration's sub-area per group type", () => {
    expect(Object.keys(createRegistrationStore().groups).sort()).toEqual([...GROUP_TYPES].sort());
  });
});
