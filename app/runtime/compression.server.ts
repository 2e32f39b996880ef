import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from "node:zlib";

export type ContentEncoding = "br" | "gzip";

/**
 * The encoding to send a response in: brotli, else gzip, if the browser accepts it (q=0
 * refuses). Documents here, static files in server/static.ts.
 */
export function preferredEncoding(acceptEncoding: string | null | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const accepted = acceptEncoding
    .toLowerCase()
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
    .map(([name]) => name!.trim());
  if (accepted.includes("br")) return "br";
  if (accepted.includes("gzip")) return "gzip";
  return null;
}

/**
 * A streaming compressor for a server-rendered document (ADR 0011). Fast settings (brotli
 * 4, gzip 6): a document is compressed once per request, on the request's own time. React
 * calls its destination's flush() after each part it writes, which zlib streams have, so
 * streamed parts still go out as they are rendered.
 */
export function documentCompressor(encoding: ContentEncoding): BrotliCompress | Gzip {
  return encoding === "br"
    ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
    : createGzip({ level: 6 });
}
