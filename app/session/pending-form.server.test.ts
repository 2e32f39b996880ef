import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dropPendingForm, keepPendingForm, keptEntries, PENDING_FORM_COOKIE, PENDING_FORM_MAX_AGE_MS, readPendingForm, type PendingForm } from "./pending-form.server";

const NOW = Date.UTC(2026, 10, 27, 10, 0);
const form: PendingForm = {
  userId: "usr-1101",
  path: "/account/book/information",
  entries: [["adults", "3"], ["notes", "Two pupils use wheelchairs; we arrive by coach at 10:15."], ["access-mobility", "on"]],
};

/** The request a browser sends back after storing these Set-Cookie headers (expired ones removed). */
function requestWith(setCookies: string[], others = "theme=dark") {
  const kept = setCookies.filter((c) => !/Max-Age=0/.test(c)).map((c) => c.split(";")[0]!);
  return new Request("http://localhost/account/book/information", { headers: { Cookie: [others, ...kept].join("; ") } });
}

describe("the form kept after a time-out", () => {
  it("comes back whole, for the user and page it was kept for", () => {
    expect(readPendingForm(requestWith(keepPendingForm(form, NOW)), NOW + 60_000)).toEqual(form);
  });

  it("is httpOnly, SameSite=Lax, for the pages behind login only, and lasts an hour", () => {
    const [first] = keepPendingForm(form, NOW);
    expect(first).toMatch(new RegExp(`^${PENDING_FORM_COOKIE}\\.0=`));
    expect(first).toMatch(/; Path=\/account; HttpOnly; SameSite=Lax; Max-Age=3600/);
  });

  it("never shows what was typed, nor whose it is, in the cookie", () => {
    const cookies = keepPendingForm(form, NOW).join("\n");
    for (const text of ["wheelchairs", "usr-1101", "information", "adults"]) expect(cookies).not.toContain(text);
  });

  it("is nothing when tampered with, cut short, from another key, or over an hour old", () => {
    const cookies = keepPendingForm(form, NOW);
    const value = cookies[0]!.split(";")[0]!.split("=")[1]!;
    const flipped = value.slice(0, 20) + (value[20] === "A" ? "B" : "A") + value.slice(21);
    expect(readPendingForm(requestWith([`${PENDING_FORM_COOKIE}.0=${flipped}`]), NOW)).toBeNull();
    expect(readPendingForm(requestWith([`${PENDING_FORM_COOKIE}.0=${value.slice(0, 40)}`]), NOW)).toBeNull();
    expect(readPendingForm(requestWith([`${PENDING_FORM_COOKIE}.0=bm90LWVuY3J5cHRlZA`]), NOW)).toBeNull();
    expect(readPendingForm(requestWith(cookies), NOW + PENDING_FORM_MAX_AGE_MS + 1)).toBeNull();
    expect(readPendingForm(requestWith([]), NOW)).toBeNull();
  });

  it("never keeps a password, nor a file", () => {
    const posted = new FormData();
    posted.append("firstName", "Grace");
    posted.append("password", "museum-visit-2026");
    posted.append("newPassword", "another-one");
    posted.append("upload", new File(["x"], "x.txt"));
    posted.append("tag", "a");
    posted.append("tag", "b");
    expect(keptEntries(posted)).toEqual([["firstName", "Grace"], ["tag", "a"], ["tag", "b"]]);
  });

  it("is dropped with every one of its cookies", () => {
    const dropped = dropPendingForm();
    expect(dropped.length).toBeGreaterThan(1);
    for (const c of dropped) expect(c).toMatch(new RegExp(`^${PENDING_FORM_COOKIE}\\.\\d=; Path=/account; .*Max-Age=0`));
  });

  it("whatever is typed, fits the browser's cookies, keeps every answer that fits and drops only the longest", () => {
    const text = fc.string({ unit: "grapheme", maxLength: 3000 });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ minLength: 1, maxLength: 30 }), text), { maxLength: 12 }), (entries) => {
        const cookies = keepPendingForm({ ...form, entries }, NOW);
        for (const c of cookies) expect(Buffer.byteLength(c)).toBeLessThan(4096);
        const back = readPendingForm(requestWith(cookies), NOW);
        if (back === null) {
          // Nothing kept: nothing was typed, or nothing fitted.
          expect(cookies.every((c) => /Max-Age=0/.test(c))).toBe(true);
          return;
        }
        // What came back is the form in order, less some of its longest answers.
        const kept = back.entries;
        let i = 0;
        for (const entry of entries) if (i < kept.length && kept[i]![0] === entry[0] && kept[i]![1] === entry[1]) i++;
        expect(i).toBe(kept.length);
        // Those left out are the longest: none shorter than any kept.
        const dropped = entries.length - kept.length;
        const lengths = entries.map(([, v]) => v.length).sort((a, b) => b - a);
        if (dropped > 0) for (const [, v] of kept) expect(v.length).toBeLessThanOrEqual(lengths[dropped - 1]!);
      }),
      { numRuns: 60 },
    );
  });

  it("keeps two full free-text answers with the rest of a step", () => {
    const prose = (seed: number) => Array.from({ length: 400 }, (_, i) => ["pupils", "coach", "lunch", "ramp", "quiet", "arrive"][(i * seed) % 6]).join(" ").slice(0, 2000);
    const entries: [string, string][] = [["adults", "4"], ["accessDetails", prose(5)], ["notes", prose(7)], ["arrivalTime", "10:30"]];
    expect(readPendingForm(requestWith(keepPendingForm({ ...form, entries }, NOW)), NOW)?.entries).toEqual(entries);
  });
});
