import { describe, expect, it } from "vitest";
import { crossOriginRefusal } from "./origin";

const SITE = "http://groups.example.org";

function post(headers: Record<string, string>, { method = "POST", url = `${SITE}/login` } = {}) {
  return new Request(url, { method, headers });
}

describe("cross-origin refusal", () => {
  it.each([
    ["Sec-Fetch-Site same-origin", { "Sec-Fetch-Site": "same-origin" }],
    ["Sec-Fetch-Site none (typed or bookmarked)", { "Sec-Fetch-Site": "none" }],
    ["Origin of this site, no Sec-Fetch-Site (older browser)", { Origin: SITE }],
    ["neither header (not a browser)", {}],
  ])("lets a post through with %s", (_name, headers) => {
    expect(crossOriginRefusal(post(headers))).toBeNull();
  });

  it.each([
    ["Sec-Fetch-Site cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["Sec-Fetch-Site same-site (a sibling subdomain)", { "Sec-Fetch-Site": "same-site" }],
    ["Sec-Fetch-Site cross-site even with our Origin", { "Sec-Fetch-Site": "cross-site", Origin: SITE }],
    ["another Origin", { Origin: "https://evil.example" }],
    ["our host over another scheme", { Origin: "https://groups.example.org" }],
    ["a look-alike host", { Origin: "http://groups.example.org.evil.example" }],
    ["our host on another port", { Origin: "http://groups.example.org:8080" }],
    ["Origin null (sandboxed or data: page)", { Origin: "null" }],
  ])("refuses a post with %s", (_name, headers) => {
    expect(crossOriginRefusal(post(headers))).not.toBeNull();
  });

  it.each(["PUT", "PATCH", "DELETE"])("checks %s too", (method) => {
    expect(crossOriginRefusal(post({ Origin: "https://evil.example" }, { method }))).not.toBeNull();
  });

  it.each(["GET", "HEAD", "OPTIONS"])("never refuses %s", (method) => {
    expect(crossOriginRefusal(new Request(`${SITE}/`, { method, headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" } }))).toBeNull();
  });
});

describe("the request's own origin", () => {
  const behindProxy = (headers: Record<string, string>) => new Request("https://groups.example.org/login", { method: "POST", headers });

  it("is the URL's (the server builds it from PUBLIC_ORIGIN), whatever forwarding headers a client sends", () => {
    const forged = { "X-Forwarded-Proto": "http", "X-Forwarded-Host": "evil.example" };
    expect(crossOriginRefusal(behindProxy({ ...forged, Origin: "https://groups.example.org" }))).toBeNull();
    expect(crossOriginRefusal(behindProxy({ ...forged, Origin: "http://evil.example" }))).not.toBeNull();
  });
});
