/**
 * Section `prefetch` of `npm run bench` (issue 26, docs/decisions/0037-backend-pool-cookie-hmac-and-prefetch.md):
 * click-to-content of a link in view, prefetched (app/components/link.tsx) against the same
 * link not prefetched, in Chromium on a throttled network and CPU (Chrome DevTools' Fast 3G,
 * 4× CPU slowdown). The production server on its embedded default (server.ts); Debian's
 * Chromium through Playwright.
 *
 * Without prefetch is the same build with the browser's data saver on (Save-Data), which the
 * links' gate obeys (app/shell/prefetch.ts), so nothing else differs. Each run loads the page
 * afresh, scrolls the link into view, lets the browser go idle and settle (with prefetch:
 * until the link's page data has come), then clicks; click-to-content is measured in the page,
 * from the click event to the new page's h1 under the link's address. The browser's cache is
 * kept across runs (a returning visitor): after the first click both modes have the target's
 * route modules, so the figures are mostly its data and its render.
 *
 * Environment: PREFETCH_RUNS (per journey and mode, default 6), PORT (the server's port,
 * else a free one), CHROMIUM_PATH.
 */
import { type BrowserContext, chromium, type Page } from "@playwright/test";
import { buildIfNeeded, DEMO, serverPort, startServer } from "./support/production-server.ts";
import { mark, percentile, sleep, table } from "./support/report.ts";

const RUNS = Number(process.env.PREFETCH_RUNS || 6);
/** Chrome DevTools' "Fast 3G" preset. */
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9, uploadThroughput: ((750 * 1024) / 8) * 0.9, connectionType: "cellular3g" } as const;
const CPU_SLOWDOWN = 4;
/** Issue 26: p95 click-to-content of a prefetched link at most this. */
const TARGET_P95_MS = 100;
/** After idle, how long a page is left before the click when nothing is awaited (without prefetch). */
const SETTLE_MS = 3_000;

interface Journey {
  name: string;
  /** Once per browser context, unthrottled: logging in, starting a booking. */
  setUp?: (page: Page) => Promise<void>;
  from: string;
  link: (page: Page) => ReturnType<Page["getByRole"]>;
}

async function logIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email address", { exact: true }).first().fill(DEMO.email);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(/\/account$/);
}

const JOURNEYS: readonly Journey[] = [
  { name: "account → orders", setUp: logIn, from: "/account", link: (page) => page.getByRole("link", { name: "See all your orders" }) },
  {
    name: "booking information step → date step",
    setUp: async (page) => {
      await logIn(page);
      const now = new Date();
      const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)).toISOString().slice(0, 7);
      await page.goto(`/account/book/date?venue=venue-york-roman-quarter&month=${month}`);
      await page.getByRole("grid").getByRole("button", { name: /, Open$/ }).first().click();
      await page.waitForURL(/\/account\/book\/information$/);
    },
    from: "/account/book/information",
    link: (page) => page.getByRole("navigation", { name: "Booking steps" }).getByRole("link", { name: /Date/ }),
  },
  { name: "home → CMS page (Privacy)", from: "/", link: (page) => page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }) },
];

/** Resolves, in the page, with the milliseconds from the next click to an h1 under `path`. */
function armClickToContent(page: Page, path: string) {
  return page.evaluate((target) => {
    const w = window as Window & { clickToContent?: Promise<number> };
    w.clickToContent = new Promise<number>((resolve) => {
      addEventListener(
        "click",
        () => {
          const clicked = performance.now();
          const check = () => (location.pathname === target && document.querySelector("main h1, h1") ? resolve(performance.now() - clicked) : requestAnimationFrame(check));
          requestAnimationFrame(check);
        },
        { capture: true, once: true },
      );
    });
  }, path);
}

/** Resolves once the page holds its prefetch of `dataPath` (Resource Timing: from the network or the cache alike). */
function prefetchedData(page: Page, dataPath: string) {
  return page.waitForFunction(
    (path) =>
      performance
        .getEntriesByType("resource")
        .some((e) => (e as PerformanceResourceTiming).initiatorType === "link" && new URL(e.name).pathname === path && (e as PerformanceResourceTiming).responseEnd > 0),
    dataPath,
    { timeout: 30_000, polling: 100 },
  );
}

let run = 0;

async function clickToContent(page: Page, journey: Journey, prefetch: boolean, origin: string): Promise<number> {
  // A cookie of this run's own: a page's data is kept for ten seconds with Vary: Cookie, so
  // without it a run could find the previous run's prefetch still in the cache, older than
  // its own would be, and past its ten seconds by the click (a round trip that the product
  // would not have made). Modules are kept across runs (by URL, as for a returning visitor).
  await page.context().addCookies([{ name: "bench-run", value: String(++run), url: origin }]);
  await page.goto(journey.from);
  const link = journey.link(page);
  const path = new URL((await link.getAttribute("href"))!, page.url()).pathname;
  await link.scrollIntoViewIfNeeded();
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
  if (prefetch) await prefetchedData(page, `${path === "/" ? "/_" : path}.data`);
  await sleep(prefetch ? 1_000 : SETTLE_MS);
  await armClickToContent(page, path);
  await link.click();
  return page.evaluate(() => (window as Window & { clickToContent?: Promise<number> }).clickToContent!);
}

async function runJourney(context: BrowserContext, journey: Journey, prefetch: boolean, origin: string): Promise<number[]> {
  const page = await context.newPage();
  await journey.setUp?.(page);
  const session = await context.newCDPSession(page);
  await session.send("Network.enable");
  await session.send("Network.emulateNetworkConditions", FAST_3G);
  await session.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  if (!prefetch) await session.send("Emulation.setDataSaverOverride" as never, { dataSaverEnabled: true } as never);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await clickToContent(page, journey, prefetch, origin));
  await page.close();
  return times.sort((a, b) => a - b);
}

export async function prefetchSection(): Promise<void> {
  buildIfNeeded();
  const server = await startServer(await serverPort());
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
  try {
    console.log(`Fast 3G (${FAST_3G.latency} ms, ${Math.round(FAST_3G.downloadThroughput / 1024)} KiB/s down), CPU ${CPU_SLOWDOWN}× slower, ${RUNS} runs per journey and mode.\n`);
    const rows: string[][] = [];
    for (const journey of JOURNEYS) {
      try {
        const figures: Record<string, number[]> = {};
        for (const prefetch of [true, false]) {
          const context = await browser.newContext({ baseURL: server.origin });
          figures[String(prefetch)] = await runJourney(context, journey, prefetch, server.origin).finally(() => context.close());
        }
        const [on, off] = [figures.true!, figures.false!];
        const p95 = percentile(on, 95);
        rows.push([journey.name, ms(percentile(on, 50)), ms(p95), ms(percentile(off, 50)), ms(percentile(off, 95)), `${ms(TARGET_P95_MS)} ${mark(p95 <= TARGET_P95_MS)}`]);
        console.log(`${journey.name}: prefetched ${on.map(ms).join(", ")} ms; not prefetched ${off.map(ms).join(", ")} ms`);
      } catch (error) {
        // One journey that cannot run (e.g. no free day to book) leaves the others' figures.
        console.log(`${journey.name}: not measured (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`);
      }
    }
    console.log("");
    console.log(table(["journey (click → h1)", "prefetched p50 ms", "p95 ms", "not prefetched p50 ms", "p95 ms", "target p95"], rows));
  } finally {
    await browser.close();
    server.child.kill("SIGTERM");
  }
}

const ms = (value: number) => value.toFixed(0);
