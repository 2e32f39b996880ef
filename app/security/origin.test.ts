import { describe, expect, it } from "vitest";
import { crossOriginRefusal, requestOrigin } from "./origin";

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
  const behindProxy = (headers: Record<string, string>) => new Request("http://10.0.0.7:3000/login", { method: "POST", headers });

  it("is the URL's when no proxy is trusted, whatever the forwarding headers say", () => {
    const request = behindProxy({ "X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example" });
    expect(requestOrigin(request, 0)).toBe("http://10.0.0.7:3000");
    expect(crossOriginRefusal(behindProxy({ Origin: "https://groups.example.org", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "groups.example.org" }), 0)).not.toBeNull();
  });

  it("is what the trusted TLS-terminating proxy saw", () => {
    const headers = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "groups.example.org" };
    expect(requestOrigin(behindProxy(headers), 1)).toBe("https://groups.example.org");
    expect(crossOriginRefusal(behindProxy({ ...headers, Origin: "https://groups.example.org" }), 1)).toBeNull();
    expect(crossOriginRefusal(behindProxy({ ...headers, Origin: "https://evil.example" }), 1)).not.toBeNull();
  });

  it("takes the outermost trusted proxy's entry, not the client's own claim", () => {
    const request = behindProxy({ "X-Forwarded-Proto": "http, https", "X-Forwarded-Host": "evil.example, groups.example.org" });
    expect(requestOrigin(request, 1)).toBe("https://groups.example.org");
  });
});
