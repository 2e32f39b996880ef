import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { indexProblems, layerProblems, layoutProblems } from "../../scripts/check-docs.ts";

// The docs check (scripts/check-docs.ts) on small trees of its own: each rule passes a true
// tree and names what is false in one that is not.

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

function tree(files: Record<string, string>) {
  root = mkdtempSync(join(tmpdir(), "check-docs-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  execFileSync("git", ["init", "-q"], { cwd: root });
  execFileSync("git", ["add", "-A"], { cwd: root });
  return root;
}

const LAYERS = `module.exports = [{ name: "pages", folders: ["routes"] }, { name: "client", folders: ["api"] }];`;
const INDEX = (rows: string) => `# Decisions\n\n| No. | Title | Status | Date | In one line |\n|---|---|---|---|---|\n${rows}\n`;
const ADR = (status: string) => `# An ADR\n\nDate: 2026-11-27\nStatus: ${status}\n`;

describe("the docs check", () => {
  it("finds a folder the README's layout does not name", () => {
    const at = tree({
      "README.md": "# X\n\n## Layout\n\n`app/` · `app/routes/` · `tests/`\n\n## Next\n`tests/e2e/`\n",
      "app/routes/home.tsx": "", "app/api/client.ts": "", "tests/e2e/a.spec.ts": "", "scripts/x.ts": "",
    });
    expect(layoutProblems(at)).toEqual([
      "README.md's layout does not name `scripts/`",
      "README.md's layout does not name `app/api/`",
      "README.md's layout does not name `tests/e2e/`",
    ]);
  });

  it("finds an ADR listed twice, one not listed, a status that disagrees, and an ADR its status names left out", () => {
    const at = tree({
      "docs/decisions/0001-a.md": ADR("Accepted; amended by ADR 3"),
      "docs/decisions/0002-b.md": ADR("Superseded by ADR 3"),
      "docs/decisions/0003-c.md": ADR("Accepted"),
      "docs/decisions/0004-d.md": ADR("Accepted"),
      "docs/decisions/README.md": INDEX([
        "| [1](0001-a.md) | A | Accepted | 2026-11-27 | a |",
        "| [2](0002-b.md) | B | Accepted | 2026-11-27 | b |",
        "| [3](0003-c.md) | C | Accepted | 2026-11-27 | c |",
        "| [3](0003-c.md) | C | Proposed | 2026-11-27 | c |",
      ].join("\n")),
    });
    expect(indexProblems(at)).toEqual([
      "ADR 1: the index's status does not name ADR 3, as the file's does",
      'ADR 2: the index says "Accepted", the file "Superseded by ADR 3"',
      "ADR 2: the index's status does not name ADR 3, as the file's does",
      "the ADR index lists ADR 3 2 times",
      "the ADR index lists ADR 4 0 times",
    ]);
  });

  it("passes an index that agrees, lists of ADRs included", () => {
    const at = tree({
      "docs/decisions/0001-a.md": ADR("Accepted; amended by ADR 2 and [ADR 3](0003-c.md)"),
      "docs/decisions/0002-b.md": ADR("Accepted"),
      "docs/decisions/0003-c.md": ADR("Accepted (amends ADR 1)"),
      "docs/decisions/README.md": INDEX([
        "| [1](0001-a.md) | A | Accepted; amended by ADRs 2 and 3 | 2026-11-27 | a |",
        "| [2](0002-b.md) | B | Accepted | 2026-11-27 | b |",
        "| [3](0003-c.md) | C | Accepted; amends ADR 1 | 2026-11-27 | c |",
      ].join("\n")),
    });
    expect(indexProblems(at)).toEqual([]);
  });

  it("finds a folder of app/ in no layer, and a layer naming a folder that is gone", () => {
    const at = tree({ ".dependency-cruiser-layers.cjs": LAYERS.replace('"api"', '"api", "gone"'), "package.json": "{}", "app/routes/a.ts": "", "app/api/b.ts": "", "app/newthing/c.ts": "" });
    expect(layerProblems(at)).toEqual([
      "app/newthing/ is in no layer of .dependency-cruiser-layers.cjs",
      ".dependency-cruiser-layers.cjs names app/gone/, which does not exist",
    ]);
  });
});
