import fc from "fast-check";
import { createCookie, createCookieSessionStorage } from "react-router";
import { describe, expect, it } from "vitest";
import { createSignedCookie } from "./signed-cookie.server";

// The node:crypto cookie must be React Router's signed cookie byte for byte: cookies signed
// before the change stay valid, and the other way round (a process of each kind behind one
// balancer during a deployment).

const SECRET = "a-session-secret-of-at-least-thirty-two-characters";
const OPTIONS = { httpOnly: true, sameSite: "lax" as const, secure: true, path: "/" };
const theirs = (secrets = [SECRET]) => createCookie("session", { ...OPTIONS, secrets });
const ours = (secrets = [SECRET]) => createSignedCookie("session", { ...OPTIONS, secrets });

/** Session-like values: strings of any Unicode (the JSON's UTF-8 is what is encoded), numbers, nesting. */
const values = fc.dictionary(
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.oneof(fc.string({ unit: "grapheme" }), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.dictionary(fc.string(), fc.string())),
);
const expires = new Date("2027-01-01T00:00:00Z");

describe("createSignedCookie", () => {
  it("serialises exactly as React Router's signed createCookie", async () => {
    await fc.assert(
      fc.asyncProperty(values, async (value) => {
        expect(await ours().serialize(value, { expires })).toBe(await theirs().serialize(value, { expires }));
      }),
    );
  });

  it("reads what React Router signed, and React Router reads what it signed", async () => {
    await fc.assert(
      fc.asyncProperty(values, async (value) => {
        const header = (setCookie: string) => setCookie.split(";")[0]!;
        const json = JSON.parse(JSON.stringify(value));
        expect(await ours().parse(header(await theirs().serialize(value)))).toEqual(json);
        expect(await theirs().parse(header(await ours().serialize(value)))).toEqual(json);
      }),
    );
  });

  it("refuses what React Router refuses: another secret, a changed value or signature, no signature", async () => {
    const signed = (await theirs().serialize({ token: "t" })).split(";")[0]!;
    const [name, value] = [signed.slice(0, signed.indexOf("=")), decodeURIComponent(signed.slice(signed.indexOf("=") + 1))];
    const dot = value.lastIndexOf(".");
    const forged = [
      signed,
      `${name}=${encodeURIComponent(`${value.slice(0, dot - 2)}x${value.slice(dot - 1)}`)}`,
      `${name}=${encodeURIComponent(`${value.slice(0, -2)}AA`)}`,
      `${name}=${encodeURIComponent(value.slice(0, dot))}`,
      `${name}=${encodeURIComponent(Buffer.from(JSON.stringify({ token: "t" })).toString("base64"))}`,
      `${name}=`,
      "other=1",
    ];
    const otherSecret = "another-secret-of-at-least-thirty-two-characters";
    for (const header of forged) {
      expect(await ours([otherSecret]).parse(header), header).toEqual(await theirs([otherSecret]).parse(header));
      expect(await ours().parse(header), header).toEqual(await theirs().parse(header));
    }
    expect(await ours([otherSecret]).parse(signed)).toBeNull();
  });

  it("signs with the first secret and verifies with any, as React Router rotates secrets", async () => {
    const old = (await theirs(["old-secret-of-at-least-thirty-two-characters"]).serialize({ a: 1 })).split(";")[0]!;
    const rotated = ["new-secret-of-at-least-thirty-two-characters", "old-secret-of-at-least-thirty-two-characters"];
    expect(await ours(rotated).parse(old)).toEqual({ a: 1 });
    expect(await ours(rotated).serialize({ a: 1 })).toBe(await theirs(rotated).serialize({ a: 1 }));
  });

  it("keeps a session stored by React Router's own cookie", async () => {
    const before = createCookieSessionStorage({ cookie: theirs() });
    const after = createCookieSessionStorage({ cookie: ours() });
    const session = await before.getSession();
    session.set("token", "gateway-token");
    session.set("issuedAt", 1_700_000_000_000);
    const header = (await before.commitSession(session)).split(";")[0]!;
    const read = await after.getSession(header);
    expect(read.get("token")).toBe("gateway-token");
    expect(read.get("issuedAt")).toBe(1_700_000_000_000);
  });
});
