import { connect } from "node:net";

// HTTP/1.1 written byte for byte on a TCP socket: what a hostile client sends is not
// limited to what fetch() or a browser would send (forged Host headers, slow bodies,
// odd methods and request targets).

export interface RawAnswer {
  /** 0 when the connection closed (or timed out) before a status line arrived. */
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The connection closed before timeoutMs. */
  closed: boolean;
  ms: number;
}

/**
 * Sends `request` (CRLF line ends are the caller's) and reads one answer, up to timeoutMs.
 * `from`: the loopback address to send from (127.0.0.2…: another client to the proxy's per-address limits).
 */
export function rawRequest(port: number, request: string | Buffer, timeoutMs = 10_000, from?: string): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect({ host: "127.0.0.1", port, ...(from && { localAddress: from }) });
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parseAnswer(Buffer.concat(chunks).toString("latin1")), closed, ms: performance.now() - started });
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString("latin1");
      const headEnd = text.indexOf("\r\n\r\n");
      if (headEnd === -1) return;
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, headEnd));
      if (length && text.length - headEnd - 4 >= Number(length[1])) finish(true);
      else if (!length && /\r\ntransfer-encoding:\s*chunked/i.test(text.slice(0, headEnd)) && text.endsWith("0\r\n\r\n")) finish(true);
    });
    socket.on("error", () => finish(true));
    socket.on("close", () => finish(true));
    socket.write(request);
  });
}

export function parseAnswer(text: string): Omit<RawAnswer, "closed" | "ms"> {
  const headEnd = text.indexOf("\r\n\r\n");
  const head = headEnd === -1 ? text : text.slice(0, headEnd);
  const [statusLine = "", ...lines] = head.split("\r\n");
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: status ? Number(status[1]) : 0, headers, body: headEnd === -1 ? "" : text.slice(headEnd + 4) };
}
