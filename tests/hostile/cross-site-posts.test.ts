import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "./support/raw";
import { productionRoutes } from "../support/production-routes";
import { concretePath, startTarget, type Target } from "./support/server";

// Cross-site request forgery (docs/security.md): a post to any route action from another
// site is refused before the action reads its body, whatever the form. The routes come
// from the build's route table, so a new action is attacked without being listed here.

let target: Target;
const routes = productionRoutes().filter((r) => r.hasAction);

beforeAll(async () => {
  target = await startTarget();
});
afterAll(() => target?.stop());

const forgeries = [
  { name: "Sec-Fetch-Site cross-site", headers: "Sec-Fetch-Site: cross-site\r\nOrigin: https://evil.example\r\n" },
  { name: "Sec-Fetch-Site same-site (a sibling subdomain)", headers: "Sec-Fetch-Site: same-site\r\nOrigin: https://sub.localhost\r\n" },
  { name: "Origin of another site, no Sec-Fetch-Site", headers: "Origin: https://evil.example\r\n" },
  { name: "Origin null (sandboxed frame, data: URL)", headers: "Origin: null\r\n" },
];

describe("cross-site posts to every route action are refused", () => {
  it("finds the actions in the build", () => {
    expect(routes.map((r) => r.template)).toEqual(expect.arrayContaining(["/login", "/newsletter", "/account/user/edit"]));
  });

  it.each(routes.map((r) => [r.template] as const))("POST %s", async (template) => {
    const path = concretePath(template);
    const body = "email=teacher%40example.org&password=museum-visit-2026&intent=save";
    const answers: number[] = [];
    for (const forgery of forgeries) {
      const answer = await rawRequest(
        target.port,
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${target.port}\r\n${forgery.headers}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      answers.push(answer.status);
      expect(answer.status, `${forgery.name}: ${answer.body.slice(0, 200)}`).toBe(403);
      expect(answer.headers["set-cookie"], forgery.name).toBeUndefined();
    }
    console.log(`POST ${template}: ${answers.join(", ")}`);
  });
});
