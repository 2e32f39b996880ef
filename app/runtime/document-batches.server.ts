import { Transform, type TransformCallback } from "node:stream";

/**
 * The destination React streams an uncompressed document into. React writes a document in
 * pieces of at most 4 kB and calls its destination's flush() once it has written all it has
 * for now: the shell, then each part that resolves later. Passed on one by one, each piece
 * became a chunk of the web stream React Router answers with and a write to the socket of
 * its own (nine for the home page, ADR 12); here the pieces of one flush go on as one chunk,
 * so a document with nothing pending leaves in one or two writes. Streaming is unchanged:
 * what React flushes goes out at once.
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
