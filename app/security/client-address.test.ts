import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
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
  it("is the socket's address under a node:http server, through every await of the request", async () => {
    const seen: string[] = [];
    const server = createServer(async (req, res) => {
      for await (const _chunk of req); // read the body, as an action does
      await new Promise((resolve) => setTimeout(resolve, 5));
      const request = new Request(`http://localhost${req.url}`, { headers: { "X-Forwarded-For": "6.6.6.6" } });
      seen.push(clientAddress(request, 0));
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await Promise.all([1, 2, 3].map(() => fetch(`http://127.0.0.1:${port}/`, { method: "POST", body: "x=1" })));
    server.close();
    expect(seen).toEqual(["127.0.0.1", "127.0.0.1", "127.0.0.1"]);
  });

  it("is X-Forwarded-For's trusted entry behind a proxy", () => {
    const request = new Request("http://localhost/", { headers: { "X-Forwarded-For": "6.6.6.6, 198.51.100.1" } });
    expect(clientAddress(request, 1)).toBe("198.51.100.1");
  });

  it("is 'unknown' outside any request when nothing is forwarded", () => {
    expect(clientAddress(new Request("http://localhost/"), 0)).toBe("unknown");
  });
});
