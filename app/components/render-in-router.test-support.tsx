import { act, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach } from "vitest";

// For DOM tests (happy-dom): renders a component as the page at "/" (or the address given)
// of a memory router, so its links work, and removes it after each test.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement | undefined;
afterEach(() => container?.remove());

export async function renderInRouter(element: ReactNode, address = "/"): Promise<HTMLElement> {
  const target = document.body.appendChild(document.createElement("div"));
  container = target;
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: [address] });
  await act(async () => createRoot(target).render(<RouterProvider router={router} />));
  return target;
}
