import { describe, expect, it } from "vitest";
import { summarise } from "../../scripts/support/bench-profile.ts";

// A profile of three stacks: the app's loader calling React Router's matcher, the matcher
// alone, and idle time, which the shares leave out.
const frame = (functionName: string, url: string, lineNumber = 0) => ({ functionName, url, lineNumber, scriptId: "0", columnNumber: 0 });
const profile = {
  nodes: [
    { id: 1, callFrame: frame("(root)", ""), children: [2, 4, 5] },
    { id: 2, callFrame: frame("loader", "file:///app/build/server/index.js", 9), children: [3] },
    { id: 3, callFrame: frame("matchRoutes", "file:///app/node_modules/react-router/dist/utils.js", 99) },
    { id: 4, callFrame: frame("matchRoutes", "file:///app/node_modules/react-router/dist/utils.js", 99) },
    { id: 5, callFrame: frame("(idle)", "") },
  ],
  // 3 ms in the loader's own code, 5 + 2 ms matching, 90 ms idle (µs).
  samples: [2, 3, 4, 5],
  timeDeltas: [3000, 5000, 2000, 90_000],
};

describe("bench-profile summarise", () => {
  const text = summarise(profile);
  const row = (name: string) => text.split("\n").filter((line) => line.startsWith(name));

  it("counts busy time only", () => {
    expect(text).toContain("Busy 10 ms (idle left out).");
  });

  it("adds self time up by package and by function", () => {
    expect(row("react-router")[0]).toMatch(/react-router\s+7\s+70\.0%/);
    expect(row("the app (server build)")[0]).toMatch(/\s3\s+30\.0%/);
    expect(row("matchRoutes utils.js:100")[0]).toMatch(/\s7\s+70\.0%/);
  });

  it("counts a function's callees in its inclusive time", () => {
    // Self table, then the inclusive table: the loader's own 3 ms, then 3 + 5 ms.
    expect(row("loader index.js:10").map((line) => line.replace(/\s+/g, " "))).toEqual(["loader index.js:10 3 30.0%", "loader index.js:10 8 80.0%"]);
  });
});
