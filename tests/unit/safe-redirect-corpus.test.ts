import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "../../app/security/safe-redirect";
import { REDIRECT_PAYLOADS, staysOn } from "../support/redirect-payloads";

// The hostile suite's corpus of open-redirect payloads (tests/hostile/redirects.test.ts
// sends it over sockets), here against the function itself: quick to run while changing it.

describe("safeRedirectPath against the corpus of open-redirect payloads", () => {
  it(`answers each of the ${REDIRECT_PAYLOADS.length} with a path that stays on the site, and the same path again when given it`, () => {
    const origin = "https://groups.example.org";
    for (const payload of REDIRECT_PAYLOADS) {
      const path = safeRedirectPath(payload, "/fallback");
      expect(staysOn(origin, path), JSON.stringify(payload)).toBe(true);
      expect(path.startsWith("/") && !path.startsWith("//"), JSON.stringify(payload)).toBe(true);
      expect(safeRedirectPath(path, "/fallback"), JSON.stringify(payload)).toBe(path);
    }
  });
});
