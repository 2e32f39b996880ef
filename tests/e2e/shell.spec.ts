import { expect, test } from "./fixtures";

test("home shows the CMS content in the site shell", async ({ page, axe }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/Group visits/);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("note", { name: "Environment" })).toHaveText("TEST");
  await axe();
});

test("an unknown page shows the 404 page with a way home", async ({ page, axe }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
  await expect(page).toHaveTitle("This page could not be found | Group visits");
  await axe();
  await page.getByRole("link", { name: "Back to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a CMS page is drawn at its slug, and an unknown slug is a 404", async ({ page, axe }) => {
  await page.goto("/privacy");
  await expect(page).toHaveTitle("Privacy | Group visits");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy" })).toBeVisible();
  await axe();
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
  await axe();
});

test("the newsletter has a page of its own (where its form posts without JavaScript)", async ({ page, axe }) => {
  await page.goto("/newsletter");
  await expect(page.getByRole("heading", { level: 1, name: "Newsletter" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("button", { name: "Sign up" })).toBeVisible();
  await axe();
});

test("an unknown registration group is a 404", async ({ page }) => {
  const response = await page.goto("/registration/pirates/organisation");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
});

test("routes are routed, guarded and titled", async ({ page, axe }) => {
  // The registration guard sends a later step back to the first one missing.
  await page.goto("/registration/education/user/edit");
  await expect(page).toHaveURL(/\/registration\/education\/organisation$/);
  await expect(page).toHaveTitle("Find your organisation | Group visits");
  await axe();
  await page.goto("/account/book/date");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Fbook%2Fdate$/);
});

for (const choice of ["Accept cookies", "Reject cookies"] as const) {
  test(`the cookie notice remembers "${choice}"`, async ({ page, axe }) => {
    await page.goto("/");
    const notice = page.getByRole("region", { name: /cookies/i });
    await expect(notice).toBeVisible();
    await axe();
    await notice.getByRole("button", { name: choice }).click();
    await expect(notice).toBeHidden();
    // The notice hides at once; the cookie arrives with the action's answer.
    const consent = async () => {
      const cookie = (await page.context().cookies()).find((c) => c.name === "cookie_consent");
      // React Router's unsigned cookie format: base64 of the JSON value.
      return cookie ? JSON.parse(atob(decodeURIComponent(cookie.value))) : null;
    };
    await expect.poll(consent).toBe(choice === "Accept cookies" ? "accepted" : "rejected");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(notice).toBeHidden();
  });
}

test("accepting cookies grants storage in the tag manager's consent mode", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Accept cookies" }).click();
  await expect(page.getByRole("region", { name: /cookies/i })).toBeHidden();
  const updates = await page.evaluate(() =>
    (window.dataLayer ?? []).filter((e: any) => e?.[0] === "consent").map((e: any) => [e[1], e[2]?.analytics_storage]),
  );
  expect(updates).toEqual([
    ["default", "denied"],
    ["update", "granted"],
  ]);
});

test("newsletter signup validates and gives the same answer for a repeat", async ({ page, axe }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Email address").fill("not-an-email");
  await footer.getByRole("button", { name: "Sign up" }).click();
  // Beside each field, and in the summary announced as an alert.
  await expect(footer.locator(".field-error", { hasText: "Enter an email address like name@example.org" })).toBeVisible();
  await expect(footer.locator(".field-error", { hasText: "Tick the box to agree to receive the newsletter" })).toBeVisible();
  await expect(footer.getByRole("alert")).toContainText("Enter an email address like name@example.org");
  await expect(footer.getByLabel("Email address")).toHaveValue("not-an-email");
  await axe();
  // The consent box sits beside its label (it once stretched across the row above it), on a phone and a desktop.
  const viewport = page.viewportSize()!;
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: viewport.height });
    const box = (await footer.getByRole("checkbox", { name: /agree to receive/ }).boundingBox())!;
    const label = (await footer.locator("label", { hasText: /agree to receive/ }).boundingBox())!;
    expect(box.width, `consent box at ${width} px`).toBeLessThan(40);
    expect(box.x + box.width, `consent box left of its label at ${width} px`).toBeLessThanOrEqual(label.x);
    expect(box.y, `consent box level with its label at ${width} px`).toBeLessThan(label.y + label.height);
  }
  await page.setViewportSize(viewport);

  const email = `group-${Date.now()}@example.org`;
  for (let attempt = 0; attempt < 2; attempt++) {
    await page.goto("/");
    await footer.getByLabel("Email address").fill(email);
    await footer.getByLabel(/agree to receive/).check();
    await footer.getByRole("button", { name: "Sign up" }).click();
    await expect(footer.getByRole("status")).toHaveText(/Thank you\. Check your inbox/);
  }
});
