import { expect, logIn, test } from "./fixtures";

test("the loading bar shows blue on a slow navigation and hides after", async ({ page }) => {
  await page.goto("/login?redirectTo=/account");
  await logIn(page);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();

  // Hold the next page's data long enough to pass the 200 ms throttle.
  await page.route("**/account/orders.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await route.continue();
  });
  await page.getByRole("link", { name: "See all your orders" }).click();
  const bar = page.locator(".loading-bar");
  await expect(bar).toBeVisible();
  await expect(bar).toHaveCSS("height", "5px");
  await expect(bar).toHaveCSS("background-color", "rgb(31, 95, 191)");
  await expect(page.getByRole("heading", { level: 1, name: "Your orders" })).toBeVisible();
  await expect(bar).toBeHidden();
});

test("the loading bar turns red when the navigation fails", async ({ page }) => {
  await page.goto("/login?redirectTo=/account");
  await logIn(page);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await page.route("**/account/orders.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.fulfill({ status: 500, body: "boom" });
  });
  // Record every colour the bar shows: it turns red, then hides after its delay.
  const colours: string[] = [];
  await page.exposeFunction("barColour", (c: string) => colours.push(c));
  await page.evaluate(() =>
    new MutationObserver(() => {
      const bar = document.querySelector<HTMLElement>(".loading-bar");
      if (bar) (window as any).barColour(getComputedStyle(bar).backgroundColor);
    }).observe(document.body, { childList: true, subtree: true, attributes: true }),
  );
  await page.getByRole("link", { name: "See all your orders" }).click();
  await expect(page.getByText("Error 500")).toBeVisible();
  await expect.poll(() => colours).toContain("rgb(192, 38, 45)");
});

test("navigation scrolls to the top, or to the hash target", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 400 });
  await page.goto("/");
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole("contentinfo").getByRole("link", { name: "Accessibility" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /accessibility/i })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goto("/#main");
  await expect.poll(() => page.evaluate(() => document.getElementById("main")!.getBoundingClientRect().top)).toBeLessThan(5);
});
