import { Transform, type TransformCallback } from "node:stream";
import type { EntryContext } from "react-router";

// How a server-rendered document leaves (app/entry.server.tsx, ADR 26): in one piece unless
// a loader left data pending, and in one chunk per flush of React's.

/**
 * Whether a loader or action returned a value still pending: a promise, as a route's data
 * or one of its fields, which React streams in after the shell. Only then is sending the
 * shell first worth its cost; no route of the app does it today.
 */
export function hasPendingData(context: Pick<EntryContext, "staticHandlerContext">): boolean {
  const { loaderData, actionData } = context.staticHandlerContext;
  const pending = (value: unknown) => value instanceof Promise;
  return [loaderData, actionData ?? {}].some((byRoute) =>
    Object.values(byRoute).some((data) => pending(data) || (typeof data === "object" && data !== null && Object.values(data).some(pending))),
  );
}

/**
 * The destination React streams an uncompressed document into. React writes a document in
 * pieces of at most 4 kB and calls its destination's flush() once it has written all it has
 * for now: the shell, then each part that resolves later. Passed on one by one, each piece
 * became a chunk of the web stream React Router answers with and a write to the socket of
 * its own (nine for the home page); here the pieces of one flush go on as one chunk, so a
 * document rendered whole leaves as one. Streaming is unchanged: what React flushes goes out
 * at once.
 *
 * The compressed path needs none of this: zlib's streams have flush() too (ADR 11).
 */
export class DocumentBatches extends Transform {
  #pending: Buffer[] = [];
  #size = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#pending.push(chunk);
    this.#size += chunk.length;
    callback();
  }

  /** Passes on what React has written since the last flush, as one chunk. */
  flush(): void {
    if (this.#pending.length === 0) return;
    const batch = this.#pending.length === 1 ? this.#pending[0]! : Buffer.concat(this.#pending, this.#size);
    this.#pending = [];
    this.#size = 0;
    this.push(batch);
  }

  override _flush(callback: TransformCallback): void {
    this.flush();
    callback();
  }
}
