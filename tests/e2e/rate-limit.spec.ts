import { DEMO, expect, logIn, test } from "./fixtures";
import { rejectCookies, reviewNewGroup, waitForHydration } from "./registration-support";
import { ownServerForFile } from "./server-process";

// The main e2e server relaxes the rate limits (every test posts from 127.0.0.1). This file
// starts the production server on a port of its own with small limits, set through the
// environment like any deployment: RATE_LIMIT_* are configuration, not a test code path.
const baseURL = ownServerForFile(50, {
  RATE_LIMIT_LOGIN: "3/60",
  RATE_LIMIT_PASSWORD_RESET: "2/900",
  RATE_LIMIT_NEWSLETTER: "2/3600",
  RATE_LIMIT_REGISTRATION: "1/3600",
});
const TOO_MANY = /There have been too many attempts from your network\. Wait \d+ (minutes?|seconds?) and try again\./;

test.describe.configure({ mode: "serial" });
test.use({ baseURL });

const sameOrigin = { Origin: baseURL, "Sec-Fetch-Site": "same-origin" };

test("login: after the limit the form says to wait, keeps the email, and answers 429 with Retry-After", async ({ page, axe }) => {
  await page.goto("/login");
  // Posted by the router (login.data), not as a document: wait until React has the form.
  await waitForHydration(page);
  const submit = async (password: string) => {
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes("/login.data") && r.request().method() === "POST"),
      logIn(page, DEMO.email, password),
    ]);
    return response;
  };
  for (let attempt = 1; attempt <= 3; attempt++) {
    expect((await submit("not-the-password")).status()).toBe(401);
    await expect(page.getByRole("alert")).toHaveText(/not right/);
  }
  const response = await submit(DEMO.password);
  expect(response.status()).toBe(429);
  expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
  await expect(page.getByRole("alert")).toHaveText(TOO_MANY);
  await expect(page.getByLabel("Email address", { exact: true }).first()).toHaveValue(DEMO.email);
  await expect(page).toHaveURL(/\/login$/);
  await axe();

  // Without JavaScript too: the document post is refused the same way.
  const document = await page.request.post("/login", { form: { email: DEMO.email, password: DEMO.password }, headers: sameOrigin, maxRedirects: 0 });
  expect(document.status()).toBe(429);
  expect(Number(document.headers()["retry-after"])).toBeLessThanOrEqual(60);
  expect(await document.text()).toMatch(TOO_MANY);
});

test("newsletter without JavaScript: the third sign-up in an hour is refused on the form, address kept", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  for (let attempt = 1; attempt <= 3; attempt++) {
    await page.goto("/");
    const footer = page.locator("footer");
    await footer.getByLabel("Email address").fill(`reader${attempt}@example.org`);
    await footer.getByLabel(/I agree to receive/).check();
    await footer.getByRole("button", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    if (attempt < 3) await expect(page.getByRole("status")).toHaveText(/Thank you/);
  }
  const form = page.locator("main");
  await expect(form.getByRole("alert")).toHaveText(TOO_MANY);
  await expect(form.getByLabel("Email address")).toHaveValue("reader3@example.org");
  await expect(form.getByLabel(/I agree to receive/)).toBeChecked();
  await context.close();
});

test("password reset: 429 with Retry-After, and the message on the form", async ({ page }) => {
  for (let attempt = 1; attempt <= 2; attempt++) {
    const ok = await page.request.post("/login/forgot", { form: { email: DEMO.email }, headers: sameOrigin });
    expect(ok.status()).toBe(200);
  }
  const refused = await page.request.post("/login/forgot", { form: { email: DEMO.email }, headers: sameOrigin });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(800);

  await page.goto("/login/forgot");
  const form = page.locator("main");
  await form.getByLabel("Email address").fill("someone@example.org");
  await form.getByRole("button", { name: "Send the link" }).click();
  await expect(form.getByRole("alert")).toHaveText(TOO_MANY);
  await expect(form.getByLabel("Email address")).toHaveValue("someone@example.org");
});

test("registration: past the limit the review page says to wait, and every detail given is still there", async ({ page, axe }) => {
  await rejectCookies(page, baseURL);
  await reviewNewGroup(page, DEMO.email);

  // The first attempt reaches the gateway (its answer: an email was sent); the second, from
  // the review page again, is one too many.
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await page.getByLabel(/I accept the account terms/).check();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes("/review.data") && r.request().method() === "POST"),
    page.getByRole("button", { name: "Register" }).click(),
  ]);
  expect(response.status()).toBe(429);
  expect(Number(response.headers()["retry-after"])).toBeGreaterThan(3000);
  await expect(page.getByRole("alert")).toHaveText(TOO_MANY);
  await expect(page).toHaveURL(/\/review$/);
  const main = page.getByRole("main");
  await expect(main.getByText("Kirkstall Ramblers")).toBeVisible();
  await expect(main.getByText(DEMO.email)).toBeVisible();
  await expect(page.getByLabel(/I accept the account terms/)).toBeChecked();
  await axe();

  // The draft is kept: the page is the same after a reload.
  await page.reload();
  await expect(main.getByText("Kirkstall Ramblers")).toBeVisible();
});
