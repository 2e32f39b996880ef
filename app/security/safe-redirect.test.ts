import { describe, expect, it } from "vitest";
import { loginPath, safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it.each(["/account", "/account/orders?page=2", "/account/orders/o-1#timeline"])("keeps same-site path %s", (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/account",
    "javascript:alert(1)",
    "%2F%2Fevil.example",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "%252F%252Fevil.example",
    "/\t/evil.example",
    "account",
    "",
    undefined,
    42,
  ])("rejects %s", (path) => {
    expect(safeRedirectPath(path, "/fallback")).toBe("/fallback");
  });

  it.each(["/.//evil.example/x", "/..//evil.example", "/account/../..//evil.example", "/%2e%2e//evil.example"])(
    "rejects %s, which URL parsing turns into //evil.example (issue 21)",
    (path) => {
      expect(safeRedirectPath(path, "/fallback")).toBe("/fallback");
    },
  );

  it("keeps a path that has dot segments but stays on the site, normalised", () => {
    expect(safeRedirectPath("/account/./orders/../user/edit")).toBe("/account/user/edit");
  });

  it("builds the login path with an encoded return path", () => {
    expect(loginPath("/account/user/edit")).toBe("/login?redirectTo=%2Faccount%2Fuser%2Fedit");
    expect(loginPath("//evil.example")).toBe("/login");
    expect(loginPath("/account", "timeout")).toBe("/login?redirectTo=%2Faccount&reason=timeout");
    expect(loginPath("/", "timeout")).toBe("/login?reason=timeout");
  });
});
