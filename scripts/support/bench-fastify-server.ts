/**
 * Fastify serving the same production build (`npm run bench`, section servers; ADR 29): the
 * React Router 8 adapter @mcansh/react-router-fastify (its plugin: static files with
 * @fastify/static, a catch-all route to React Router) and @fastify/under-pressure for load
 * shedding, each as its documentation sets it up, with the app's own getLoadContext. Started
 * like server.ts: `PORT=… HOST=… node scripts/support/bench-fastify-server.ts`, ready when
 * /healthz answers. For the comparison only: production runs server.ts.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RouterContextProvider, ServerBuild } from "react-router";

// Before React and React Router load: they pick their production builds from it.
process.env.NODE_ENV ??= "production";

const root = path.resolve(import.meta.dirname, "..", "..");
const buildDirectory = path.resolve(root, process.env.BUILD_DIR || "build");
const { default: Fastify } = await import("fastify");
const { default: underPressure } = await import("@fastify/under-pressure");
const { fastifyReactRouter } = await import("@mcansh/react-router-fastify");
const build = (await import(pathToFileURL(path.join(buildDirectory, "server", "index.js")).href)) as ServerBuild;
const entry = build.entry.module as unknown as { getLoadContext: (arrival: { socketAddress: string; requestId: string }) => RouterContextProvider };

const app = Fastify({ logger: false });
// Its README's example: 503 when the event loop lags over a second (or the heap, RSS or
// utilisation pass their limits, unset here).
await app.register(underPressure, { maxEventLoopDelay: 1_000, retryAfter: 1 });
app.get("/healthz", async () => ({ status: "ok" }));
await app.register(fastifyReactRouter, {
  build,
  clientBuildDirectory: path.join(buildDirectory, "client"),
  mode: "production",
  getLoadContext: (request) => entry.getLoadContext({ socketAddress: request.ip, requestId: randomUUID() }),
});
await app.listen({ port: Number(process.env.PORT || 3000), host: process.env.HOST || "127.0.0.1" });
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
