// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, Form, Link, Outlet, RouterProvider, useFetcher } from "react-router";
import { describe, expect, it } from "vitest";
import { advance, onFakeTimers } from "./fake-timers.test-support";
import { MIN_PENDING_MS, useFetcherPending, useMinimumPending, useSubmitting } from "./pending";

const { container: dom } = onFakeTimers();
const wait = advance;

describe("useMinimumPending", () => {
  /** Every value the hook returned, render by render (discarded renders included). */
  let returned: boolean[];
  function Probe({ busy }: { busy: boolean }) {
    const pending = useMinimumPending(busy);
    returned.push(pending);
    return <p>{pending ? "pending" : "idle"}</p>;
  }
  const root = () => {
    returned = [];
    const r = createRoot(dom());
    return (busy: boolean) => act(async () => r.render(<Probe busy={busy} />));
  };
  const shown = () => dom().textContent === "pending";

  it(`holds a fast pending state for ${MIN_PENDING_MS} ms, from the very render that first sees it`, async () => {
    const render = root();
    await render(false);
    returned = [];
    await render(true);
    expect(returned.every(Boolean), "no render of the busy state says idle").toBe(true);
    await wait(30);
    await render(false);
    expect(shown()).toBe(true);
    await wait(MIN_PENDING_MS - 30 - 1);
    expect(shown()).toBe(true);
    await wait(1);
    expect(shown()).toBe(false);
  });

  it("ends a slow pending state when it ends, not a minimum later", async () => {
    const render = root();
    await render(false);
    await render(true);
    await wait(MIN_PENDING_MS * 3);
    expect(shown()).toBe(true);
    returned = [];
    await render(false);
    expect(returned.some(Boolean), "no render after it ends says pending").toBe(false);
    expect(shown()).toBe(false);
  });

  it("shows nothing while nothing is pending, and a new pending state within the hold is held as one", async () => {
    const render = root();
    await render(false);
    await wait(MIN_PENDING_MS * 2);
    expect(returned.some(Boolean)).toBe(false);
    await render(true);
    await wait(10);
    await render(false);
    await wait(100);
    await render(true);
    returned = [];
    await wait(MIN_PENDING_MS);
    expect(returned.every(Boolean), "pending throughout").toBe(true);
    expect(shown(), "still busy").toBe(true);
    await render(false);
    expect(shown(), "ended with the second, past the first's hold").toBe(false);
  });
});

/** A page with a form posting to an action that answers after `actionMs`, and a GET form and a link. */
async function renderForm(actionMs: number) {
  function Page() {
    const submitting = useSubmitting();
    return (
      <>
        <Form method="post">
          <button type="submit" id="post" disabled={submitting}>
            {submitting ? "Saving…" : "Save"}
          </button>
        </Form>
        <Form method="get">
          <button type="submit" id="get" name="month" value="2027-03">
            Next month
          </button>
        </Form>
        <Link to="/other">Other</Link>
        <Outlet />
      </>
    );
  }
  const slow = <T,>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
  const router = createMemoryRouter([
    {
      path: "/",
      element: <Page />,
      loader: () => slow(null, 20),
      action: () => slow({ errors: { name: "Enter a name" } }, actionMs),
      children: [{ path: "other", loader: () => slow(null, 20), element: <p>Other page</p> }],
    },
  ]);
  await act(async () => createRoot(dom()).render(<RouterProvider router={router} />));
  await wait(50);
  return { button: () => dom().querySelector<HTMLButtonElement>("#post")! };
}

describe("useSubmitting", () => {
  it(`keeps a form's pending label ${MIN_PENDING_MS} ms when the action answers at once`, async () => {
    const { button } = await renderForm(10);
    await act(async () => button().click());
    expect(button().textContent).toBe("Saving…");
    expect(button().disabled).toBe(true);
    // The action (10 ms) and the page's revalidation (20 ms) are done long before the minimum.
    await wait(MIN_PENDING_MS - 1);
    expect(button().textContent).toBe("Saving…");
    await wait(1);
    expect(button().textContent).toBe("Save");
    expect(button().disabled).toBe(false);
  });

  it("keeps it through the answer's revalidation, and no longer than a slow post takes", async () => {
    const { button } = await renderForm(400);
    await act(async () => button().click());
    // The action's 400 ms, then its revalidating load (20 ms): pending throughout, then at once not.
    for (let t = 0; t < 410; t += 10) {
      await wait(10);
      expect(button().textContent, `at ${t + 10} ms`).toBe("Saving…");
    }
    await wait(20);
    expect(button().textContent).toBe("Save");
  });

  it("is not pending for a GET form or a link", async () => {
    const { button } = await renderForm(10);
    await act(async () => dom().querySelector<HTMLButtonElement>("#get")!.click());
    expect(button().textContent).toBe("Save");
    await wait(50);
    await act(async () => dom().querySelector("a")!.click());
    expect(button().textContent).toBe("Save");
    await wait(50);
    expect(dom().textContent).toContain("Other page");
  });
});

describe("useFetcherPending", () => {
  it(`keeps a fetcher's pending state ${MIN_PENDING_MS} ms when it answers at once`, async () => {
    function Signup() {
      const fetcher = useFetcher();
      const pending = useFetcherPending(fetcher);
      return (
        <fetcher.Form method="post">
          <button type="submit">{pending ? "Signing up…" : "Sign up"}</button>
        </fetcher.Form>
      );
    }
    const router = createMemoryRouter([{ path: "/", element: <Signup />, action: () => ({ ok: true }) }]);
    await act(async () => createRoot(dom()).render(<RouterProvider router={router} />));
    const button = () => dom().querySelector("button")!;
    await act(async () => button().click());
    expect(button().textContent).toBe("Signing up…");
    await wait(MIN_PENDING_MS - 1);
    expect(button().textContent).toBe("Signing up…");
    await wait(1);
    expect(button().textContent).toBe("Sign up");
  });
});
