import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { type ContentEncoding as Encoding, preferredEncoding } from "../app/runtime/compression.server.ts";

// Static files of the client build (build/client: hashed /assets and public/'s files).
// The build never changes while the process runs, so the list of files is read once at
// start: a request is answered only for a path on that list (no file system walk per
// request, no way out of the directory), and everything else goes to React Router.
// Small text files are compressed once (brotli or gzip, as the browser accepts) and kept.

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".pdf": "application/pdf",
};
const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".map", ".json", ".webmanifest", ".svg", ".txt", ".xml", ".html", ".ico"]);
/** Smaller files gain nothing from compression; bigger ones are streamed from disk, not kept. */
const MIN_COMPRESS_BYTES = 1024;
const MAX_CACHED_BYTES = 2 * 1024 * 1024;

/** Content-hashed by the bundler: a new build means new names, so a year and immutable. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** public/'s files keep their names between deployments. */
const SHORT = "public, max-age=3600";

interface StaticFile {
  absolutePath: string;
  size: number;
  type: string;
  etag: string;
  cacheControl: string;
  compressible: boolean;
  body?: Promise<Buffer>;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

async function walk(directory: string, prefix = ""): Promise<[string, string][]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const files: [string, string][] = [];
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue; // .vite/manifest.json and the like are not for browsers
    const absolute = path.join(directory, entry.name);
    const urlPath = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) files.push(...(await walk(absolute, urlPath)));
    else if (entry.isFile()) files.push([urlPath, absolute]);
  }
  return files;
}

function encode(file: StaticFile, encoding: Encoding): Promise<Buffer> {
  file.body ??= readFile(file.absolutePath);
  // zlib's async functions run on the thread pool: compressing never blocks requests.
  return (file.encoded[encoding] ??= file.body.then((raw) =>
    encoding === "br"
      ? brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } })
      : gzipAsync(raw, { level: 9 }),
  ));
}

export interface StaticFiles {
  /** Answers a GET or HEAD for a file of the build; false when the path is not one (React Router's turn). */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> | false;
  /** How many files are served. */
  count: number;
  /** Compresses every compressible file now (in the background after start), so first visits get them ready. */
  warm(): Promise<void>;
}

/**
 * @param headers what every file response carries besides its own (the security headers
 * the app's responses get: X-Content-Type-Options, Referrer-Policy, HSTS in production…).
 */
export async function loadStaticFiles(clientDirectory: string, headers: readonly (readonly [string, string])[]): Promise<StaticFiles> {
  const files = new Map<string, StaticFile>();
  for (const [urlPath, absolutePath] of await walk(clientDirectory)) {
    const info = await stat(absolutePath);
    const extension = path.extname(urlPath).toLowerCase();
    const etag = `"${createHash("sha1").update(`${urlPath}:${info.size}:${info.mtimeMs}`).digest("base64url").slice(0, 16)}"`;
    files.set(urlPath, {
      absolutePath,
      size: info.size,
      type: TYPES[extension] ?? "application/octet-stream",
      etag,
      cacheControl: urlPath.startsWith("/assets/") ? IMMUTABLE : SHORT,
      compressible: COMPRESSIBLE.has(extension) && info.size >= MIN_COMPRESS_BYTES && info.size <= MAX_CACHED_BYTES,
      encoded: {},
    });
  }

  async function send(req: IncomingMessage, res: ServerResponse, file: StaticFile): Promise<boolean> {
    res.setHeader("Content-Type", file.type);
    res.setHeader("Cache-Control", file.cacheControl);
    res.setHeader("ETag", file.etag);
    for (const [name, value] of headers) res.setHeader(name, value);
    if (file.compressible) res.setHeader("Vary", "Accept-Encoding");
    if (req.headers["if-none-match"] === file.etag) {
      res.writeHead(304).end();
      return true;
    }
    const encoding = file.compressible ? preferredEncoding(req.headers["accept-encoding"]) : null;
    let body: Buffer | null = null;
    if (encoding) {
      body = await encode(file, encoding);
      res.setHeader("Content-Encoding", encoding);
    } else if (file.size <= MAX_CACHED_BYTES) {
      body = await (file.body ??= readFile(file.absolutePath));
    }
    if (body) {
      res.setHeader("Content-Length", body.length);
      res.writeHead(200);
      res.end(req.method === "HEAD" ? undefined : body);
      return true;
    }
    // A big file: streamed from disk, never kept in memory.
    res.setHeader("Content-Length", file.size);
    res.writeHead(200);
    if (req.method === "HEAD") {
      res.end();
      return true;
    }
    await pipeline(createReadStream(file.absolutePath), res).catch(() => res.destroy());
    return true;
  }

  return {
    count: files.size,
    serve(req, res, pathname) {
      if (req.method !== "GET" && req.method !== "HEAD") return false;
      let decoded: string;
      try {
        decoded = decodeURIComponent(pathname);
      } catch {
        return false;
      }
      const file = files.get(decoded);
      return file ? send(req, res, file) : false;
    },
    async warm() {
      const work: Promise<Buffer>[] = [];
      for (const file of files.values()) {
        if (file.compressible) work.push(encode(file, "br"), encode(file, "gzip"));
      }
      await Promise.all(work);
    },
  };
}
