import type { Server } from "node:http";

/** Starts listening; rejects with the listen error (a port in use) rather than emitting it. */
export function listen(server: Server, { port, host }: { port: number; host?: string | undefined }): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port, host }, () => {
      server.off("error", reject);
      resolve();
    });
  });
}
