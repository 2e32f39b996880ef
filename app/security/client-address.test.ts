import { describe, expect, it } from "vitest";
import { clientAddress, clientKey } from "./client-address.server";
import { forwardedEntry } from "./forwarded";

describe("client keys", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::9", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:ffff::1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
  ])("%s counts as %s", (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});

describe("forwarded headers", () => {
  it("are ignored unless proxies are trusted", () => {
    expect(forwardedEntry("198.51.100.1", 0)).toBeNull();
  });

  it("give the entry the outermost trusted proxy added, not what the client claimed", () => {
    expect(forwardedEntry("198.51.100.1", 1)).toBe("198.51.100.1");
    expect(forwardedEntry("6.6.6.6, 198.51.100.1", 1)).toBe("198.51.100.1");
    expect(forwardedEntry("6.6.6.6, 198.51.100.1, 10.0.0.2", 2)).toBe("198.51.100.1");
    expect(forwardedEntry("198.51.100.1", 3)).toBe("198.51.100.1");
  });
});

describe("client address", () => {
  it("is the socket's address the server handed in, when nothing trusted is forwarded", () => {
    const request = new Request("http://localhost/", { headers: { "X-Forwarded-For": "6.6.6.6" } });
    expect(clientAddress(request, "::ffff:127.0.0.1", 0)).toBe("127.0.0.1");
  });

  it("is X-Forwarded-For's trusted entry behind a proxy", () => {
    const request = new Request("http://localhost/", { headers: { "X-Forwarded-For": "6.6.6.6, 198.51.100.1" } });
    expect(clientAddress(request, "10.0.0.2", 1)).toBe("198.51.100.1");
  });

  it("is 'unknown' under a server that passes no load context, when nothing is forwarded", () => {
    expect(clientAddress(new Request("http://localhost/"), undefined, 0)).toBe("unknown");
  });
});
