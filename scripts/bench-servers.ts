/**
 * Section `servers` of `npm run bench` (issue 21, ADR 29): the production server (server.ts,
 * node:http) against Fastify with the React Router adapter and @fastify/under-pressure
 * (scripts/support/bench-fastify-server.ts), the same build on the embedded default, in the
 * same run: the home page's req/s, p99 and CPU per request (autocannon, 50 connections,
 * rounds alternating the two), then the hostile cases of tests/hostile/ against each with
 * its defaults: 400 slow bodies (twice server.ts's MAX_IN_FLIGHT) while a visitor asks for
 * pages, a 100 MB post, a Host that names a path, TRACE.
 *
 * Environment: BENCH_SECONDS (per run, default 4), BENCH_ROUNDS (default 3).
 */
import { request as httpRequest } from "node:http";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { probePages, slowBody } from "../tests/hostile/support/traffic.ts";
import { rawRequest } from "../tests/hostile/support/raw.ts";
import { processCpuMs, settle, stop } from "./bench-ssr-http.ts";
import { freePort, type Server, startServer } from "./support/production-server.ts";
import { median, table } from "./support/report.ts";

const SECONDS = Number(process.env.BENCH_SECONDS || 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CONNECTIONS = 50;
const SLOW = 400;
const RELAXED = { RATE_LIMIT_LOGIN: "100000/60", RATE_LIMIT_NEWSLETTER: "100000/60", RATE_LIMIT_REGISTRATION: "100000/60", RATE_LIMIT_PASSWORD_RESET: "100000/60" };

interface Subject {
  name: string;
  server: Server;
  port: number;
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

async function throughput(subject: Subject): Promise<{ rps: number; p99: number; cpuMs: number; errors: number }> {
  const pid = subject.server.child.pid!;
  const cpuBefore = processCpuMs(pid);
  const result = await autocannon({ url: `${subject.server.origin}/`, connections: CONNECTIONS, duration: SECONDS, timeout: 10 });
  const cpuMs = processCpuMs(pid) - cpuBefore;
  await settle(subject.server.origin);
  // Per page answered (2xx): a 503 of under-pressure costs next to nothing and would flatter the average.
  return { rps: result["2xx"] / SECONDS, p99: result.latency.p99, cpuMs: cpuMs / Math.max(1, result["2xx"]), errors: result.errors + result.timeouts + result.non2xx };
}

/** A 100 MB form post, sent as fast as the server takes it: its answer, time and the server's RSS growth. */
function hugePost(subject: Subject): Promise<string> {
  const pid = subject.server.child.pid!;
  const before = rssMb(pid);
  const started = performance.now();
  return new Promise((resolve) => {
    const chunk = Buffer.alloc(1024 * 1024, "a");
    const req = httpRequest({ host: "127.0.0.1", port: subject.port, path: "/newsletter", method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": 100 * chunk.length, "Sec-Fetch-Site": "same-origin" } });
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
    const done = (status: number | string) => {
      clearInterval(sampler);
      peak = Math.max(peak, rssMb(pid));
      resolve(`${status} in ${Math.round(performance.now() - started)} ms, RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB`);
    };
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => done(res.statusCode ?? 0));
    });
    req.on("error", (error) => done((error as NodeJS.ErrnoException).code ?? "error"));
    let sent = 0;
    const write = () => {
      while (sent < 100) {
        sent++;
        if (!req.write(chunk)) return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

async function hostile(subject: Subject): Promise<string[]> {
  const slow = Array.from({ length: SLOW }, () => slowBody(subject.port, "/newsletter", { giveUpMs: 20_000 }));
  await new Promise((resolve) => setTimeout(resolve, 500));
  const probes = await probePages(subject.port, 15_000);
  const held = await Promise.all(slow);
  const closedBy = (ms: number) => held.filter((s) => s.closedAfterMs < ms).length;
  const statuses = held.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s.status]: (acc[s.status] ?? 0) + 1 }), {});
  await settle(subject.server.origin);
  const huge = await hugePost(subject);
  await settle(subject.server.origin);
  const injected = await rawRequest(subject.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${subject.port}/account/orders#\r\nConnection: close\r\n\r\n`);
  const at = await rawRequest(subject.port, `GET / HTTP/1.1\r\nHost: a@b\r\nConnection: close\r\n\r\n`);
  const trace = await rawRequest(subject.port, `TRACE / HTTP/1.1\r\nHost: 127.0.0.1:${subject.port}\r\nConnection: close\r\n\r\n`);
  const page = /<title>([^<]*)<\/title>/.exec(injected.body)?.[1] ?? injected.headers.location ?? "";
  return [
    `${SLOW} slow bodies: visitor's GET / ${JSON.stringify(probes.statuses)} (${probes.count}), p99 ${Math.round(probes.p99Ms)} ms; slow connections closed by 5 s ${closedBy(5_000)}, by 15 s ${closedBy(15_000)}, answered ${JSON.stringify(statuses)}`,
    `100 MB post to /newsletter: ${huge}`,
    `Host "…/account/orders#": ${injected.status} ${page}; Host "a@b": ${at.status}; TRACE: ${trace.status}`,
  ];
}

export async function serversSection(): Promise<void> {
  const [ourPort, fastifyPort] = [await freePort(), await freePort()];
  const subjects: Subject[] = [
    { name: "node:http (server.ts)", server: await startServer(ourPort, RELAXED), port: ourPort },
    { name: "Fastify + adapter + under-pressure", server: await startServer(fastifyPort, RELAXED, { script: "scripts/support/bench-fastify-server.ts" }), port: fastifyPort },
  ];
  try {
    for (const subject of subjects) await autocannon({ url: `${subject.server.origin}/`, connections: 10, duration: 2 });
    const runs = new Map(subjects.map((s) => [s.name, [] as Awaited<ReturnType<typeof throughput>>[]]));
    for (let round = 0; round < ROUNDS; round++) for (const subject of subjects) runs.get(subject.name)!.push(await throughput(subject));
    console.log(`\nHome page, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s alternating (medians):\n`);
    console.log(
      table(
        ["server", "pages/s (200)", "p99 ms", "CPU ms/page", "errors or non-2xx"],
        subjects.map((s) => {
          const r = runs.get(s.name)!;
          return [s.name, median(r.map((x) => x.rps)).toFixed(0), median(r.map((x) => x.p99)).toFixed(0), median(r.map((x) => x.cpuMs)).toFixed(2), String(r.reduce((n, x) => n + x.errors, 0))];
        }),
      ),
    );
    for (const subject of subjects) {
      console.log(`\nHostile cases, ${subject.name}, its defaults:`);
      for (const line of await hostile(subject)) console.log(`  ${line}`);
    }
  } finally {
    await Promise.all(subjects.map((s) => stop(s.server.child)));
  }
}
