// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, RouterProvider, useSearchParams } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { StoresProvider } from "../../state/stores";
import { BookingBreadcrumb } from "./booking-breadcrumb";
import { DayTimeline } from "./day-timeline";
import { MonthCalendar } from "./month-calendar";
import type { AvailabilityDay } from "../../../generated/schemas";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
afterEach(() => container?.remove());

function days(month: string, status: (day: number) => AvailabilityDay["status"]): AvailabilityDay[] {
  const count = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => ({ date: `${month}-${String(i + 1).padStart(2, "0")}`, status: status(i + 1) }));
}

async function renderCalendar() {
  container = document.body.appendChild(document.createElement("div"));
  const router = createMemoryRouter(
    [
      {
        path: "/account/book/date",
        element: <CalendarPage />,
      },
    ],
    { initialEntries: ["/account/book/date?month=2026-11"] },
  );
  await act(async () =>
    createRoot(container).render(
      <StoresProvider>
        <RouterProvider router={router} />
      </StoresProvider>,
    ),
  );
  return router;
}

function CalendarPage() {
  const [search] = useSearchParams();
  return <CalendarFor month={search.get("month") ?? "2026-11"} />;
}

function CalendarFor({ month }: { month: string }) {
  return (
    <form>
      <MonthCalendar
        availability={{
          month,
          days: days(month, (d) => (d < 25 && month === "2026-11" ? "closed" : d === 27 ? "limited" : d === 28 ? "full" : "available")),
          bookableFrom: "2026-11-25",
          bookableUntil: "2027-11-22",
        }}
        selectedDate={null}
        monthHref={(m) => `?month=${m}`}
      />
    </form>
  );
}

const key = (target: Element, k: string) =>
  act(async () => {
    target.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
  });

describe("month calendar", () => {
  it("is a grid with one tab stop, days named by date and status", async () => {
    await renderCalendar();
    const grid = container.querySelector('[role="grid"]')!;
    expect(grid.getAttribute("aria-labelledby")).toBe("calendar-2026-11-heading");
    expect(container.querySelector("#calendar-2026-11-heading")?.getAttribute("aria-live")).toBe("polite");
    const stops = container.querySelectorAll('.calendar-day[tabindex="0"]');
    expect(stops).toHaveLength(1);
    expect(stops[0]?.getAttribute("data-date")).toBe("2026-11-25");
    expect(stops[0]?.textContent).toContain("Wednesday 25 November 2026, Open");
    const closed = container.querySelector('[data-date="2026-11-24"]')!;
    expect(closed.getAttribute("aria-disabled")).toBe("true");
    // A closed day shows its number only ("Closed" is too wide for a column at 320 px); its name still says so.
    expect(closed.querySelector(".day-status")).toBeNull();
    expect(closed.textContent).toContain("Tuesday 24 November 2026, Closed");
    expect(container.querySelector(".calendar-legend")?.textContent).toContain("No word: closed, or not bookable");
    expect(closed.getAttribute("type")).toBe("button");
    const full = container.querySelector('[data-date="2026-11-28"]')!;
    expect(full.textContent).toContain("Full");
    expect(full.getAttribute("aria-disabled")).toBe("true");
    const open = container.querySelector('[data-date="2026-11-26"]')!;
    expect(open.getAttribute("type")).toBe("submit");
    expect(open.getAttribute("name")).toBe("visitDate");
    expect(open.getAttribute("value")).toBe("2026-11-26");
  });

  it("moves focus with arrow keys, Home and End", async () => {
    await renderCalendar();
    const start = container.querySelector<HTMLButtonElement>('[data-date="2026-11-25"]')!;
    start.focus();
    await key(start, "ArrowRight");
    expect(document.activeElement?.getAttribute("data-date")).toBe("2026-11-26");
    await key(document.activeElement!, "End");
    expect(document.activeElement?.getAttribute("data-date")).toBe("2026-11-29");
    await key(document.activeElement!, "Home");
    expect(document.activeElement?.getAttribute("data-date")).toBe("2026-11-23");
    expect(container.querySelectorAll('.calendar-day[tabindex="0"]')).toHaveLength(1);
    expect(container.querySelector('.calendar-day[tabindex="0"]')?.getAttribute("data-date")).toBe("2026-11-23");
  });

  it("changes month with PageDown and does not go before the bookable window", async () => {
    const router = await renderCalendar();
    const start = container.querySelector<HTMLButtonElement>('[data-date="2026-11-25"]')!;
    start.focus();
    await key(start, "PageUp");
    expect(router.state.location.search).toBe("?month=2026-11");
    await key(start, "PageDown");
    expect(router.state.location.search).toBe("?month=2026-12");
    // The day moved to is focused once its month shows.
    expect(document.activeElement?.getAttribute("data-date")).toBe("2026-12-25");
  });
});

describe("booking breadcrumb", () => {
  it("marks the current step and links the done ones", async () => {
    container = document.body.appendChild(document.createElement("div"));
    const router = createMemoryRouter([
      { path: "/", element: <BookingBreadcrumb flow="standard" current="schedule" completedSteps={["date", "information"]} /> },
    ]);
    await act(async () => createRoot(container).render(<RouterProvider router={router} />));
    const nav = container.querySelector('nav[aria-label="Booking steps"]')!;
    expect(nav.querySelector('[aria-current="step"]')?.textContent).toBe("Plan your day");
    expect([...nav.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual(["/account/book/date", "/account/book/information"]);
    expect(nav.textContent).toContain("Step 3 of 6");
  });
});

describe("day timeline", () => {
  it("flags clashes in words", async () => {
    container = document.body.appendChild(document.createElement("div"));
    await act(async () =>
      createRoot(container).render(
        <DayTimeline
          arrival="10:00"
          entries={[
            { activityId: "a", slotId: "a@10:00", name: "Dig", kind: "workshop", start: "10:00", end: "11:30" },
            { activityId: "b", slotId: "b@11:00", name: "Show", kind: "show", start: "11:00", end: "11:30" },
          ]}
        />,
      ),
    );
    expect(container.querySelector('[role="status"]')?.textContent).toBe("2 activities, 1 clash.");
    expect(container.textContent).toContain("Clash: overlaps Show (11:00–11:30)");
  });
});
