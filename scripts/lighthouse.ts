/**
 * Lighthouse (`npm run lighthouse`; Node 24, native type stripping). Not part of `npm test`:
 * it takes a few minutes and its performance score needs a quiet machine to mean much.
 *
 *   node scripts/lighthouse.ts            build if needed, then every page, 3 runs each
 *   node scripts/lighthouse.ts --runs 1   one run per page, for trying it out
 *
 * Starts the production server (server.ts) on the embedded default with BUILD_DIR and PORT
 * (a free port unless PORT is set), as playwright.config.ts does, logs in as the demo account
 * with a form post (the booking date step needs a session; the session cookie goes to
 * Lighthouse as an extra header on that page only), and runs Lighthouse's default
 * configuration, the mobile preset (Moto G Power emulation, simulated slow 4G and 4× CPU
 * slowdown), in Debian's Chromium against each page. Prints the median performance score
 * and the accessibility score per page against the targets (performance ≥ 95,
 * accessibility 100) and what cost points; exits 1 when a target is missed.
 *
 * The tag manager's script (www.googletagmanager.com) is blocked: it is a third party's, not
 * ours to tune, and this machine may not reach it. Everything the site serves itself is
 * measured.
 */
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { BUILD_DIR, buildIfNeeded, logIn, serverPort, startServer } from "./support/production-server.ts";
import { mark, median, table } from "./support/report.ts";

const CHROME_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const TARGETS = { performance: 95, accessibility: 100 } as const;

const { values: args } = parseArgs({ options: { runs: { type: "string", default: "3" } } });
const RUNS = Math.max(1, Number(args.runs));

interface Page {
  name: string;
  path: string;
  /** Needs the demo account's session. */
  session: boolean;
}

const PAGES: readonly Page[] = [
  { name: "home", path: "/", session: false },
  { name: "login", path: "/login", session: false },
  { name: "organisation search", path: "/registration/education/organisation", session: false },
  { name: "booking: date step", path: "/account/book/date", session: true },
];

interface Measured {
  performance: number;
  accessibility: number;
  /** Audits that cost points: failed accessibility audits, performance metrics and opportunities. */
  notes: { audit: string; value: string }[];
  finalUrl: string;
}

/** Lighthouse asks for a second try when the trace of a load is unusable (e.g. NO_NAVSTART, seen on a fresh browser's first load): one retry, said. */
async function measure(port: number, url: string, cookie: string | null): Promise<Measured> {
  try {
    return await measureOnce(port, url, cookie);
  } catch (error) {
    if (!(error instanceof RetryableRun)) throw error;
    console.log(`  ${error.message}: running it again`);
    return measureOnce(port, url, cookie);
  }
}

class RetryableRun extends Error {}

async function measureOnce(port: number, url: string, cookie: string | null): Promise<Measured> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
    blockedUrlPatterns: ["*googletagmanager.com*"],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new RetryableRun(`Lighthouse could not load ${url}: ${lhr.runtimeError.code}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const notes: Measured["notes"] = [];
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (audit && ref.weight > 0 && audit.score !== null && audit.score < 1) notes.push({ audit: `accessibility: ${audit.title}`, value: "" });
  }
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 0.9) continue;
    if (ref.weight > 0 || audit.details?.type === "opportunity") notes.push({ audit: `performance: ${audit.title}`, value: audit.displayValue ?? "" });
  }
  return { performance: score("performance"), accessibility: score("accessibility"), notes, finalUrl: lhr.finalDisplayedUrl };
}

async function main(): Promise<number> {
  buildIfNeeded();
  const port = await serverPort();
  const server = await startServer(port);
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    const cookie = await logIn(server.origin);
    chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
    console.log(`Lighthouse ${RUNS}× per page (mobile preset), server ${server.origin}, ${BUILD_DIR}/\n`);
    const rows: string[][] = [];
    const notes: string[] = [];
    let pass = true;
    for (const page of PAGES) {
      const url = `${server.origin}${page.path}`;
      const runs: Measured[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(chrome.port, url, page.session ? cookie : null));
      // The page itself, not a redirect to the login page or an error page.
      const landed = new URL(runs[0]!.finalUrl).pathname;
      if (landed !== page.path) throw new Error(`${page.name}: ${page.path} ended at ${landed}`);
      const performance = median(runs.map((r) => r.performance));
      const accessibility = Math.min(...runs.map((r) => r.accessibility));
      const ok = performance >= TARGETS.performance && accessibility >= TARGETS.accessibility;
      pass &&= ok;
      rows.push([
        page.name,
        page.path,
        `${performance}${RUNS > 1 ? ` (${runs.map((r) => r.performance).join("/")})` : ""}`,
        `≥ ${TARGETS.performance}`,
        String(accessibility),
        `${TARGETS.accessibility}`,
        mark(ok),
      ]);
      // Each audit once, with what each run measured.
      const byAudit = new Map<string, string[]>();
      for (const note of runs.flatMap((r) => r.notes)) byAudit.set(note.audit, [...(byAudit.get(note.audit) ?? []), note.value].filter(Boolean));
      for (const [audit, values] of byAudit) notes.push(`${page.name}: ${audit}${values.length > 0 ? ` (${values.join(" / ")})` : ""}`);
    }
    console.log(table(["page", "path", "performance (median)", "target", "accessibility", "target", ""], rows));
    if (notes.length > 0) console.log(`\nWhat cost points:\n${notes.map((n) => `  - ${n}`).join("\n")}`);
    console.log(pass ? "\nEvery target met." : "\nTargets missed.");
    return pass ? 0 : 1;
  } finally {
    await chrome?.kill();
    server.child.kill("SIGTERM");
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
