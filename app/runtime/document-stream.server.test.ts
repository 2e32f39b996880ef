import { describe, expect, it } from "vitest";
import type { EntryContext } from "react-router";
import { DocumentBatches, hasPendingData } from "./document-stream.server";

/** The chunks the stream passes on, as text, as they come. */
function chunksOf(stream: DocumentBatches): string[] {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  return chunks;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("DocumentBatches", () => {
  it("passes on what was written before each flush as one chunk, in order", async () => {
    const stream = new DocumentBatches();
    const chunks = chunksOf(stream);
    stream.write("<html><head>");
    stream.write(new TextEncoder().encode("<title>Héllo</title>"));
    stream.write("</head><body>");
    stream.flush();
    await tick();
    expect(chunks).toEqual(["<html><head><title>Héllo</title></head><body>"]);

    stream.write("<p>later</p>");
    await tick();
    expect(chunks).toHaveLength(1); // held until React flushes
    stream.flush();
    stream.flush(); // nothing new: no empty chunk
    await tick();
    expect(chunks).toEqual(["<html><head><title>Héllo</title></head><body>", "<p>later</p>"]);
  });

  it("passes on the rest when the document ends, then finishes", async () => {
    const stream = new DocumentBatches();
    const chunks = chunksOf(stream);
    const finished = new Promise((resolve) => stream.once("finish", resolve));
    const ended = new Promise((resolve) => stream.once("end", resolve));
    stream.write("<p>a</p>");
    stream.end("</body></html>");
    await Promise.all([finished, ended]);
    expect(chunks).toEqual(["<p>a</p></body></html>"]);
  });
});

describe("hasPendingData", () => {
  const context = (loaderData: Record<string, unknown>, actionData: Record<string, unknown> | null = null) =>
    ({ staticHandlerContext: { loaderData, actionData } }) as unknown as Pick<EntryContext, "staticHandlerContext">;
  const later = () => new Promise<never>(() => undefined);

  it("is false when every loader and action returned plain data", () => {
    expect(hasPendingData(context({ root: { site: { title: "x" } }, "routes/home": null, "routes/a": ["x", 1] }, { "routes/a": { ok: true } }))).toBe(false);
  });

  it("is true for a promise as a route's data or one of its fields, from a loader or an action", () => {
    expect(hasPendingData(context({ root: { site: {} }, "routes/a": { reviews: later() } }))).toBe(true);
    expect(hasPendingData(context({ "routes/a": later() }))).toBe(true);
    expect(hasPendingData(context({ root: {} }, { "routes/a": { result: later() } }))).toBe(true);
  });
});
