/**
 * The bench's bare React Router page over HTTP (`npm run bench`, section ssr): the bare build
 * of scripts/support/bench-bare.ts served by the app's own production server
 * (server/app-server.ts, the options of server/options.ts from the same environment), so
 * it is served the same way as the app's pages: the same node:http server, request ids, log
 * lines, turns and load shedding. Started by scripts/bench-ssr-http.ts like server.ts:
 * `PORT=… node scripts/support/bench-bare-server.ts`, ready when /healthz answers.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { startServer } from "../../server/app-server.ts";
import { readServerOptions } from "../../server/options.ts";
import { bareBuild } from "./bench-bare.ts";
import { ROOT } from "./production-server.ts";

// Before React and React Router load: they pick their production builds from it.
process.env.NODE_ENV ??= "production";

const options = readServerOptions(process.env, ROOT);
const build = (await import(pathToFileURL(path.join(options.buildDirectory, "server", "index.js")).href)) as ServerBuild;
// BARE_ROUTE_TABLE=app: the same page with the app's route table (bench-bare.ts).
const running = await startServer(await bareBuild(build, process.env.BARE_ROUTE_TABLE === "app" ? "the app's table" : "one route"), options);
process.on("SIGTERM", () => {
  void running.shutdown("SIGTERM").then((code) => process.exit(code));
});
