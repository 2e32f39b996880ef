// The mock gateway and CMS (mocks/) as a process of their own over HTTP, for several SSR
// processes to share, as they would share the real backends: the cluster test
// (tests/cluster/) and the compose file's demo profile (deploy/compose.yaml) run it.
//   node --import ./scripts/support/ts-resolve.ts scripts/mock-backend.ts
// PORT (default 4000), HOST (default 127.0.0.1), BOOKING_LATENCY_MS (checkout and payments
// take this long, so a test can stop a server while one is in flight). The SSR processes
// then take GATEWAY_BASE_URL=<origin>/gateway and CMS_BASE_URL=<origin>/cms.
import { CMS_PREFIX, GATEWAY_PREFIX, serveMockBackendOverHttp } from "../mocks/http-provider.ts";

// Demos and tests only: it takes any password reset, pays any payment it is told to, and
// holds the demo accounts. The compose file's demo profile gives it the site's label, so a
// site labelled production finds no backend here (docs/decisions/0030-embedded-default-kept-private-and-neutral-answers.md).
if ((process.env.ENVIRONMENT_LABEL ?? "").toLowerCase() === "production") {
  console.error("ENVIRONMENT_LABEL: production needs the real gateway and CMS (GATEWAY_BASE_URL, CMS_BASE_URL), not this mock backend, a demonstration");
  process.exit(1);
}

function whole(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name}: expected a whole number, got "${raw}"`);
    process.exit(1);
  }
  return value;
}

const server = await serveMockBackendOverHttp({
  port: whole("PORT", 4000),
  host: process.env.HOST || "127.0.0.1",
  bookingLatencyMs: whole("BOOKING_LATENCY_MS", 0),
  onMail: (mail) => console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", msg: "mail", to: mail.to, subject: mail.subject })),
});
console.log(
  JSON.stringify({
    time: new Date().toISOString(),
    level: "info",
    msg: `Mock backend listening on ${server.url}`,
    url: server.url,
    gateway: `${server.url}${GATEWAY_PREFIX}`,
    cms: `${server.url}${CMS_PREFIX}`,
  }),
);

const stop = () => void server.close().then(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
