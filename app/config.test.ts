import { describe, expect, it } from "vitest";
import { EMBEDDED_GATEWAY_URL, parseConfig } from "./config.server";

describe("configuration", () => {
  it("runs on the embedded default with nothing set", () => {
    const config = parseConfig({});
    expect(config.embedded).toBe(true);
    expect(config.gatewayBaseUrl).toBe(EMBEDDED_GATEWAY_URL);
    expect(config.search.indexName).toBe("dev_organisations");
    expect(config.environmentLabel).toBe("TEST");
    expect(config.isProduction).toBe(false);
  });

  it("points at real services when both URLs are set", () => {
    const config = parseConfig({
      GATEWAY_BASE_URL: "https://abc123.execute-api.eu-west-1.amazonaws.com/qa",
      CMS_BASE_URL: "https://cms.example.org/groups/api/v1",
    });
    expect(config.embedded).toBe(false);
    expect(config.cmsBaseUrl).toBe("https://cms.example.org/groups/api/v1");
  });

  it.each([
    [{ GATEWAY_BASE_URL: "not a url", CMS_BASE_URL: "https://cms.example.org" }, "GATEWAY_BASE_URL"],
    [{ GATEWAY_BASE_URL: "https://gw.example.org" }, "GATEWAY_BASE_URL"],
    [{ GTM_ID: "UA-1234" }, "GTM_ID"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ ENVIRONMENT_LABEL: "production" }, "SESSION_SECRET"],
    [{ TICKETING_SESSION_COOKIE: "bad name;" }, "TICKETING_SESSION_COOKIE"],
  ])("names the bad variable: %j", (env, name) => {
    expect(() => parseConfig(env)).toThrow(new RegExp(`${name}:`));
  });
});

describe("start-up with a bad value", () => {
  it("stops the process with a message naming the variable", async () => {
    const { spawnSync } = await import("node:child_process");
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", 'await import("./app/config.server.ts")'], {
      env: { ...process.env, GTM_ID: "not-a-container" },
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Invalid configuration:\n\s+GTM_ID: /);
  });
});
