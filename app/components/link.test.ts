import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Every link of the app is the site's Link or NavLink (./link.tsx), so every link prefetches
// by the same rule: none imports React Router's own outside that file.

const APP = join(import.meta.dirname, "..");
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith(".") || entry.name === "+types" ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test(-support)?\.tsx?$|\.dom\.test\.tsx$/.test(entry.name) ? [path] : [];
  });

describe("links", () => {
  it("come from app/components/link.tsx, not straight from react-router", () => {
    const offenders = sources(APP)
      .filter((file) => !file.endsWith(join("components", "link.tsx")))
      .filter((file) => /import\s*\{[^}]*\b(Link|NavLink)\b[^}]*\}\s*from\s*"react-router"/.test(readFileSync(file, "utf8")))
      .map((file) => relative(APP, file));
    expect(offenders).toEqual([]);
  });
});
