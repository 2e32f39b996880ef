import { brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { documentCompressor, preferredEncoding } from "./compression.server";

describe("document compression", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(preferredEncoding("gzip, deflate, br")).toBe("br");
    expect(preferredEncoding("gzip;q=1.0, br;q=0")).toBe("gzip");
    expect(preferredEncoding("identity")).toBeNull();
    expect(preferredEncoding(null)).toBeNull();
  });

  it("flushes what has been written so far, so a streamed document still streams", async () => {
    for (const encoding of ["br", "gzip"] as const) {
      const compressor = documentCompressor(encoding);
      const chunks: Buffer[] = [];
      compressor.on("data", (chunk: Buffer) => chunks.push(chunk));
      compressor.write("<!DOCTYPE html><html><body><main>first part</main>");
      await new Promise<void>((resolve) => compressor.flush(() => resolve()));
      const sofar = Buffer.concat(chunks);
      const text = encoding === "br" ? brotliDecompressSync(sofar, { finishFlush: constants.BROTLI_OPERATION_FLUSH }).toString() : gunzipSync(sofar, { finishFlush: constants.Z_SYNC_FLUSH }).toString();
      expect(text).toContain("first part");
      compressor.end();
    }
  });
});
