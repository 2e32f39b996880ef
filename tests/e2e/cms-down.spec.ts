import type { Page } from "@playwright/test";
import { BOOKINGS_TEAM_HELP } from "../../app/shell/help";
import { expect, test } from "./fixtures";
import { ownServerForFile } from "./server-process";

// WCAG 3.2.6 Consistent help: the bookings team's contact stays in the same place, last in
// the footer's links, whatever the CMS says, and when it says nothing at all. Here the
// server's CMS is down: its base URL is a port nothing listens on. (A backend configured
// means both are: the gateway's is the same dead port, which the anonymous pages here never
// call.) The suite's main server, with its CMS, shows where the help is otherwise.

const mainServer = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;
const nowhere = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 81}`;
const baseURL = ownServerForFile(80, {
  GATEWAY_BASE_URL: `${nowhere}/qa`,
  CMS_BASE_URL: `${nowhere}/groups/api/v1`,
  PUBLIC_CACHE_TTL_SECONDS: "0",
});

test.use({ baseURL });
// One worker for the file: its server has one port.
test.describe.configure({ mode: "default", timeout: 60_000 });

/** The footer's links, as label and address, in order. */
async function footerLinks(page: Page) {
  const links = page.getByRole("navigation", { name: "Footer" }).getByRole("link");
  await expect(links.first()).toBeVisible();
  return Promise.all((await links.all()).map(async (link) => ({ label: (await link.textContent())?.trim(), href: await link.getAttribute("href") })));
}

test("the help is last in the footer with the CMS, and stays there on every page while the CMS is down", async ({ page, axe }) => {
  await page.goto(`${mainServer}/`);
  const withCms = await footerLinks(page);
  expect(withCms.at(-1)).toEqual(BOOKINGS_TEAM_HELP);

  for (const path of ["/", "/login", "/registration", "/accessibility", "/no/such/page"]) {
    await page.goto(path);
    // The page says what happened (the CMS's site data is what every page needs).
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const without = await footerLinks(page);
    expect(without.at(-1), path).toEqual(BOOKINGS_TEAM_HELP);
    // The links it keeps are in the order they have with the CMS.
    expect(withCms.filter((l) => without.some((w) => w.href === l.href)).map((l) => l.href), path).toEqual(without.map((l) => l.href).filter((href) => withCms.some((l) => l.href === href)));
    await axe();
  }
});
