import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

// A request's body, read by the server before React Router gets the request (issue 21,
// ADR 0029): at most the route's limit (413 before a byte is read when Content-Length says
// more, and as soon as a chunked body passes it), at a minimum rate (408 when slower), so
// neither a large nor a slow body costs the site more than its limit and its deadline.
// While it arrives the request is not in flight: pages are never shed for slow uploads.

export interface BodyLimits {
  /** Bytes; 0: the route takes no body (a page). */
  maxBytes: number;
  /** A body gets this long, plus a second for every `minRate` bytes received… */
  timeoutMs: number;
  minRate: number;
  /** …and never more than this since `startedAt` (Node's requestTimeout, which also bounds it). */
  deadlineMs: number;
  startedAt: number;
}

export type BodyResult = { ok: true; body: Buffer | null } | { ok: false; status: 408 | 413 | 400; reason: string };

/** Content-Length when given (a valid one: Node's parser refuses others), else null (chunked, or no body). */
function declaredLength(req: IncomingMessage): number | null {
  const header = req.headers["content-length"];
  return header === undefined ? null : Number(header);
}

/** Is a body coming? A Content-Length above 0, or a Transfer-Encoding (chunked). */
export function hasBody(req: IncomingMessage): boolean {
  const length = declaredLength(req);
  return req.headers["transfer-encoding"] !== undefined || (length !== null && length > 0);
}

/** Refusal before reading: the declared length is over the limit. */
export function oversized(req: IncomingMessage, maxBytes: number): boolean {
  const length = declaredLength(req);
  return length !== null && length > maxBytes;
}

/**
 * Reads the whole body within the limits; null when there is none. The caller answers a
 * refusal (with Connection: close: the rest of the body is not read).
 */
export function readBody(req: IncomingMessage, limits: BodyLimits, onContinue?: () => void): Promise<BodyResult> {
  if (!hasBody(req)) return Promise.resolve({ ok: true, body: null });
  if (oversized(req, limits.maxBytes)) return Promise.resolve({ ok: false, status: 413, reason: "Content-Length over the route's limit" });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = (result: BodyResult) => {
      clearTimeout(timer);
      req.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      // Refused: what still arrives is read and dropped until the connection closes after the
      // answer, so the close is not a reset that could lose the answer on its way.
      if (!result.ok) req.resume();
      resolve(result);
    };
    // The time this body may still take: the rule of mod_reqtimeout (body=timeout,MinRate=rate).
    const schedule = () => {
      clearTimeout(timer);
      const allowedUntil = Math.min(limits.startedAt + limits.deadlineMs, limits.startedAt + limits.timeoutMs + (received * 1000) / limits.minRate);
      timer = setTimeout(() => finish({ ok: false, status: 408, reason: `body slower than ${limits.minRate} bytes/s` }), Math.max(0, allowedUntil - performance.now()));
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.maxBytes) return finish({ ok: false, status: 413, reason: "body over the route's limit" });
      chunks.push(chunk);
      schedule();
    };
    const onEnd = () => finish({ ok: true, body: Buffer.concat(chunks, received) });
    const onError = () => finish({ ok: false, status: 400, reason: "the body could not be read" });
    const onClose = () => finish({ ok: false, status: 400, reason: "the client closed the connection before the body ended" });
    req.on("data", onData).once("end", onEnd).once("error", onError).once("close", onClose);
    schedule();
    // Expect: 100-continue: told to send only now, when the body is wanted.
    onContinue?.();
  });
}

/**
 * Closes a connection whose request body was refused unread the way servers that do this
 * well do (nginx's lingering close): the answer and a FIN go out, and what the client is
 * still sending is read and dropped for up to `ms`, before the socket is destroyed. Closed at
 * once instead (Node's way with Connection: close), the unread bytes make the kernel send a
 * reset, which can destroy the 413 before the client reads it.
 */
export function lingerOnClose(socket: Socket, ms: number): void {
  socket.destroySoon = () => {
    if (socket.destroyed) return;
    socket.end();
    socket.resume();
    const timer = setTimeout(() => socket.destroy(), ms).unref();
    socket.once("close", () => clearTimeout(timer));
    socket.once("end", () => socket.destroy());
  };
}
