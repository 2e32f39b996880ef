import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { startServer } from "./app-server.ts";
import { errorFields, log } from "./log.ts";
import { readServerOptions, type ServerOptions } from "./options.ts";

export async function main(root: string): Promise<void> {
  let options: ServerOptions;
  try {
    options = readServerOptions(process.env, root);
  } catch (error) {
    console.error(`Invalid configuration:\n  ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }

  process.on("unhandledRejection", (reason) => {
    // Logged as one line and survived: one failed request must not take the others down.
    log("error", "unhandled rejection", errorFields(reason));
  });
  process.on("uncaughtException", (error) => {
    // The process state is unknown after this: log it and let the orchestrator restart us.
    log("error", "uncaught exception", errorFields(error));
    process.exit(1);
  });

  // Importing the build reads the app's configuration (and stops on a bad value) and, on
  // the embedded default, starts the in-process gateway and CMS before the first request.
  const buildPath = path.join(options.buildDirectory, "server", "index.js");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const running = await startServer(build, options);
  log("info", `Listening on ${running.url}`, {
    url: running.url,
    build: path.relative(root, options.buildDirectory) || ".",
    maxInFlight: options.maxInFlight,
    maxConcurrent: options.maxConcurrent,
    shutdownDelayMs: options.shutdownDelayMs,
    shutdownTimeoutMs: options.shutdownTimeoutMs,
    ...(options.instanceId && { instanceId: options.instanceId }),
    metrics: running.metricsUrl,
  });

  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (++signals > 1) {
      log("warn", `second ${signal}: exiting now`);
      process.exit(1);
    }
    void running.shutdown(signal).then((code) => {
      log(code === 0 ? "info" : "warn", "stopped", { exitCode: code });
      process.exit(code);
    });
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
