import { describe, expect, it } from "vitest";
import { DocumentBatches } from "./document-batches.server";

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
