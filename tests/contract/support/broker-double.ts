import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { BrokerStore, type Publication, type Selector } from "./broker-store";

// A Pact Broker double on the loopback for the contract tests and the provider example
// (docs/decisions/0036-broker-loop-and-portable-pacts.md): the broker's HAL resources the Pact
// CLI uses to publish contracts, fetch the pacts for verification, publish verification
// results, record deployments and ask can-i-deploy, answered from BrokerStore's data by the
// broker's documented rules. Each resource answers as the broker's API documentation shows
// it, links included: the CLI follows links from the index, it does not build URLs. What the
// double does not serve it answers 404, and every request is kept for the tests to read.

export interface BrokerRequest { method: string; path: string; authorization?: string; body: unknown; status?: number }

export interface BrokerDouble {
  url: string;
  store: BrokerStore;
  requests: BrokerRequest[];
  close: () => Promise<void>;
}

const HAL = { "Content-Type": "application/hal+json;charset=utf-8" };
const enc = encodeURIComponent;

export async function startBrokerDouble(options: { token?: string; port?: number } = {}): Promise<BrokerDouble> {
  const store = new BrokerStore();
  const requests: BrokerRequest[] = [];
  let base = "";

  const pactUrl = (p: Publication, metadata?: string) =>
    `${base}/pacts/provider/${enc(p.provider)}/consumer/${enc(p.consumer)}/pact-version/${p.sha}${metadata ? `/metadata/${metadata}` : ""}`;
  const versionUrl = (pacticipant: string, number: string) => `${base}/pacticipants/${enc(pacticipant)}/versions/${enc(number)}`;

  const routes: [string, RegExp, (m: string[], body: Record<string, unknown>, query: URLSearchParams) => [number, unknown]][] = [
    ["GET", /^\/$/, () => [200, { _links: {
      self: { href: base, title: "Index" },
      "pb:publish-contracts": { href: `${base}/contracts/publish`, title: "Publish contracts", templated: false },
      "pb:provider-pacts-for-verification": { href: `${base}/pacts/provider/{provider}/for-verification`, title: "Pact versions to be verified for the specified provider", templated: true },
      "pb:pacticipant": { href: `${base}/pacticipants/{pacticipant}`, title: "Fetch pacticipant by name", templated: true },
      "pb:pacticipant-version": { href: `${base}/pacticipants/{pacticipant}/versions/{version}`, title: "Get, create or delete a pacticipant version", templated: true },
      "pb:pacticipant-branch-version": { href: `${base}/pacticipants/{pacticipant}/branches/{branch}/versions/{version}`, title: "Get or add/create a version for a pacticipant branch", templated: true },
      "pb:environments": { href: `${base}/environments`, title: "Environments", templated: false },
      "pb:environment": { href: `${base}/environments/{uuid}`, title: "Environment", templated: true },
      "pb:can-i-deploy-pacticipant-version-to-environment": { href: `${base}/can-i-deploy?pacticipant={pacticipant}&version={version}&environment={environment}`, title: "Determine if an application version can be safely deployed to an environment", templated: true },
    } }]],

    ["POST", /^\/contracts\/publish$/, (_, body) => {
      const errors: Record<string, string[]> = {};
      const name = body.pacticipantName;
      const number = body.pacticipantVersionNumber;
      if (typeof name !== "string" || !name) errors.pacticipantName = ["is missing"];
      if (typeof number !== "string" || !number) errors.pacticipantVersionNumber = ["is missing"];
      const contracts = Array.isArray(body.contracts) ? (body.contracts as Record<string, unknown>[]) : [];
      if (contracts.length === 0) errors.contracts = ["is missing"];
      contracts.forEach((c, i) => {
        if (c.consumerName !== name) errors[`contracts.${i}.consumerName`] = ["must match the pacticipant name"];
        if (typeof c.providerName !== "string" || !c.providerName) errors[`contracts.${i}.providerName`] = ["is missing"];
        if (c.specification !== "pact") errors[`contracts.${i}.specification`] = ["must be pact"];
        if (c.contentType !== "application/json") errors[`contracts.${i}.contentType`] = ["must be application/json"];
        try {
          JSON.parse(Buffer.from(String(c.content), "base64").toString("utf8"));
        } catch {
          errors[`contracts.${i}.content`] = ["must be base64 encoded JSON"];
        }
      });
      if (Object.keys(errors).length > 0) return [400, { errors }];
      const version = store.version(String(name), String(number), typeof body.branch === "string" ? body.branch : undefined, typeof body.buildUrl === "string" ? body.buildUrl : undefined);
      const published = contracts.map((c) => store.publish(String(name), String(number), String(c.providerName), Buffer.from(String(c.content), "base64").toString("utf8")));
      const conflict = published.find((p) => p.conflict)?.conflict;
      if (conflict) return [409, { notices: [{ type: "error", text: conflict }], errors: { content: [conflict] } }];
      return [200, {
        notices: [
          { type: "debug", text: `Created ${name} version ${number}${version.branch ? ` with branch ${version.branch}` : ""}` },
          ...published.map(({ publication: p }) => ({ type: "success", text: `Pact published for ${p.consumer} version ${p.consumerVersion} and provider ${p.provider}.` })),
        ],
        _embedded: {
          pacticipant: { name, _links: { self: { href: `${base}/pacticipants/${enc(String(name))}` } } },
          version: { number, branch: version.branch, buildUrl: version.buildUrl, _links: { self: { title: "Version", name: number, href: versionUrl(String(name), String(number)) } } },
        },
        _links: {
          "pb:pacticipant": { title: "Pacticipant", name, href: `${base}/pacticipants/${enc(String(name))}` },
          "pb:pacticipant-version": { title: "Pacticipant version", name: number, href: versionUrl(String(name), String(number)) },
          "pb:pacticipant-version-tags": [],
          "pb:contracts": published.map(({ publication: p }) => ({
            title: "Pact", name: `Pact between ${p.consumer} (${p.consumerVersion}) and ${p.provider}`,
            href: `${base}/pacts/provider/${enc(p.provider)}/consumer/${enc(p.consumer)}/version/${enc(p.consumerVersion)}`,
          })),
        },
      }];
    }],

    // The resource answers GET too (the verifier reads it, then POSTs its selectors to its self link).
    ["GET", /^\/pacts\/provider\/([^/]+)\/for-verification$/, ([provider]) => pactsForVerification(provider!, {})],
    ["POST", /^\/pacts\/provider\/([^/]+)\/for-verification$/, ([provider], body) => pactsForVerification(provider!, body)],

    ["GET", /^\/pacts\/provider\/([^/]+)\/consumer\/([^/]+)\/(?:pact-version\/([0-9a-f]+)(?:\/metadata\/[^/]+)?|version\/([^/]+))$/, ([provider, consumer, sha, version]) => {
      const publication = store.publications.find((p) => p.provider === provider && p.consumer === consumer && (sha ? p.sha === sha : p.consumerVersion === version));
      if (!publication) return [404, {}];
      const self = pactUrl(publication);
      return [200, {
        ...JSON.parse(store.contents.get(publication.sha)!),
        _links: {
          self: { title: "Pact", name: `Pact between ${consumer} (${publication.consumerVersion}) and ${provider}`, href: self },
          "pb:consumer": { title: "Consumer", name: consumer, href: `${base}/pacticipants/${enc(consumer!)}` },
          "pb:provider": { title: "Provider", name: provider, href: `${base}/pacticipants/${enc(provider!)}` },
          "pb:publish-verification-results": { title: "Publish verification results", href: `${self}/verification-results` },
        },
      }];
    }],

    ["POST", /^\/pacts\/provider\/([^/]+)\/consumer\/([^/]+)\/pact-version\/([0-9a-f]+)(?:\/metadata\/[^/]+)?\/verification-results$/, ([provider, consumer, sha], body) => {
      if (typeof body.success !== "boolean" || typeof body.providerApplicationVersion !== "string") {
        return [400, { errors: { success: ["must be true or false"], providerApplicationVersion: ["is required"] } }];
      }
      store.version(provider!, body.providerApplicationVersion);
      const v = store.verify({ consumer: consumer!, provider: provider!, sha: sha!, providerVersion: body.providerApplicationVersion, success: body.success, ...(typeof body.buildUrl === "string" ? { buildUrl: body.buildUrl } : {}) });
      return [201, {
        providerName: provider, providerApplicationVersion: v.providerVersion, success: v.success, verificationDate: v.at, buildUrl: v.buildUrl,
        _links: { self: { title: "Verification result", href: `${base}/pacts/provider/${enc(provider!)}/consumer/${enc(consumer!)}/pact-version/${sha}/verification-results/${v.id}` } },
      }];
    }],

    ["PUT", /^\/pacticipants\/([^/]+)\/branches\/([^/]+)\/versions\/([^/]+)$/, ([pacticipant, branch, number]) => {
      const v = store.version(pacticipant!, number!, branch);
      return [200, { number: v.number, _links: { self: { href: versionUrl(pacticipant!, number!) } } }];
    }],

    ["GET", /^\/pacticipants\/([^/]+)$/, ([name]) => {
      const p = store.pacticipants.get(name!);
      if (!p) return [404, {}];
      const self = `${base}/pacticipants/${enc(p.name)}`;
      return [200, { name: p.name, mainBranch: p.mainBranch, _links: {
        self: { href: self },
        "pb:version": { title: "Get, create or delete a pacticipant version", href: `${self}/versions/{version}`, templated: true },
        "pb:branch-version": { title: `Get or add/create a version for a branch of ${p.name}`, href: `${self}/branches/{branch}/versions/{version}`, templated: true },
      } }];
    }],

    ["GET", /^\/pacticipants\/([^/]+)\/versions\/([^/]+)$/, ([pacticipant, number]) => {
      const v = store.findVersion(pacticipant!, number!);
      if (!v) return [404, {}];
      return [200, {
        number: v.number, buildUrl: v.buildUrl,
        _embedded: { branchVersions: v.branch ? [{ name: v.branch, latest: true }] : [] },
        _links: {
          self: { title: "Version", name: v.number, href: versionUrl(v.pacticipant, v.number) },
          "pb:pacticipant": { title: "Pacticipant", name: v.pacticipant, href: `${base}/pacticipants/${enc(v.pacticipant)}` },
          "pb:record-deployment": store.environments.map((e) => ({ title: `Record deployment to ${e.displayName}`, name: e.name, href: `${versionUrl(v.pacticipant, v.number)}/deployed-versions/environment/${e.uuid}` })),
        },
      }];
    }],

    ["POST", /^\/pacticipants\/([^/]+)\/versions\/([^/]+)\/deployed-versions\/environment\/([^/]+)$/, ([pacticipant, number, uuid], body) => {
      const environment = store.environments.find((e) => e.uuid === uuid);
      if (!environment || !store.findVersion(pacticipant!, number!)) return [404, {}];
      const d = store.recordDeployment(pacticipant!, number!, environment, typeof body.applicationInstance === "string" ? body.applicationInstance : undefined);
      return [201, {
        uuid: d.uuid, currentlyDeployed: true, ...(d.applicationInstance ? { applicationInstance: d.applicationInstance } : {}),
        _embedded: { environment: environmentJson(environment) },
        _links: { self: { href: `${base}/deployed-versions/${d.uuid}` } },
      }];
    }],

    ["GET", /^\/environments$/, (_, __, query) => {
      const name = query.get("name");
      const environments = store.environments.filter((e) => !name || e.name === name);
      return [200, { _embedded: { environments: environments.map(environmentJson) }, _links: { self: { href: `${base}/environments`, title: "Environments" } } }];
    }],

    ["GET", /^\/environments\/([^/]+)$/, ([uuid]) => {
      const e = store.environments.find((x) => x.uuid === uuid);
      return e ? [200, environmentJson(e)] : [404, {}];
    }],

    // can-i-deploy: its simple resource, and the matrix with one selector and an environment (what the CLI asks).
    ["GET", /^\/can-i-deploy$/, (_, __, query) => canIDeploy(query.get("pacticipant") ?? "", query.get("version") ?? "", query.get("environment") ?? "", query)],
    ["GET", /^\/matrix$/, (_, __, query) => {
      const [pacticipant, ...others] = query.getAll("q[][pacticipant]");
      if (others.length > 0 || !query.get("environment")) return [400, { errors: { q: ["the double answers one pacticipant version and an environment"] } }];
      return canIDeploy(pacticipant ?? "", query.get("q[][version]") ?? "", query.get("environment") ?? "", query);
    }],
  ];

  /** The deployment decision for one pacticipant version and an environment, as the matrix resource answers it. */
  function canIDeploy(pacticipant: string, version: string, environment: string, query: URLSearchParams): [number, unknown] {
    if (!store.findVersion(pacticipant, version)) return [400, { errors: { version: [`No pacticipant version found for ${pacticipant} ${version}`] } }];
    if (!store.environments.some((e) => e.name === environment)) return [400, { errors: { environment: [`Environment with name '${environment}' does not exist`] } }];
    const m = store.matrix(pacticipant, version, environment);
    return [200, {
      summary: { deployable: m.deployable, reason: m.reason, ...m.counts },
      notices: m.reason.split("\n").map((text) => ({ type: m.deployable ? "success" : "error", text })),
      matrix: m.rows.map((r) => ({
        consumer: { name: r.consumer, version: { number: r.consumerVersion, _links: { self: { href: versionUrl(r.consumer, r.consumerVersion) } } } },
        provider: { name: r.provider, version: r.providerVersion ? { number: r.providerVersion, _links: { self: { href: versionUrl(r.provider, r.providerVersion) } } } : null },
        pact: { createdAt: store.publications.find((p) => p.sha === r.sha)?.at, _links: { self: { href: `${base}/pacts/provider/${enc(r.provider)}/consumer/${enc(r.consumer)}/version/${enc(r.consumerVersion)}` } } },
        verificationResult: r.verification ? { success: r.verification.success, verifiedAt: r.verification.at, _links: { self: { href: `${base}/verification-results/${r.verification.id}` } } } : null,
      })),
      _links: { self: { href: `${base}/can-i-deploy?${query.toString()}` } },
    }];
  }

  /** The pacts for verification resource: what the selectors choose, with pending and WIP status. */
  function pactsForVerification(provider: string, body: Record<string, unknown>): [number, unknown] {
    const pacts = store.forVerification(provider, {
      consumerVersionSelectors: body.consumerVersionSelectors as Selector[] | undefined,
      providerVersionBranch: body.providerVersionBranch as string | undefined,
      includePendingStatus: body.includePendingStatus === true,
      includeWipPactsSince: body.includeWipPactsSince as string | undefined,
    });
    return [200, {
      _embedded: {
        pacts: pacts.map((s) => ({
          shortDescription: `latest from ${s.publication.consumer} ${s.publication.consumerVersion}`,
          verificationProperties: {
            ...(s.pending === undefined ? {} : { pending: s.pending }),
            ...(s.wip ? { wip: true } : {}),
            notices: [
              ...s.notices.map((text) => ({ when: "before_verification", text: `The pact at ${pactUrl(s.publication)} is being verified because ${text}` })),
              ...(s.pending === undefined ? [] : [{ when: "before_verification", text: s.pending ? "This pact is in pending state for this version of the provider: a failure will not fail the build." : "This pact has been successfully verified by this provider branch: a failure will fail the build." }]),
            ],
          },
          _links: { self: { href: pactUrl(s.publication, Buffer.from(JSON.stringify({ cv: s.publication.consumerVersion, ...(s.wip ? { w: true } : {}) })).toString("base64url")), name: `Pact between ${s.publication.consumer} (${s.publication.consumerVersion}) and ${s.publication.provider}` } },
        })),
      },
      _links: { self: { href: `${base}/pacts/provider/${enc(provider)}/for-verification`, title: "Pacts to be verified" } },
    }];
  }

  function environmentJson(e: (typeof store.environments)[number]) {
    return { uuid: e.uuid, name: e.name, displayName: e.displayName, production: e.production, _links: { self: { title: "Environment", name: e.name, href: `${base}/environments/${e.uuid}` } } };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = { unparsable: text };
    }
    const url = new URL(req.url ?? "/", base);
    const request: BrokerRequest = { method: req.method ?? "GET", path: url.pathname + url.search, authorization: req.headers.authorization, body };
    requests.push(request);
    const send = (status: number, answer: unknown) => {
      request.status = status;
      reply(res, status, answer);
    };
    if (options.token && req.headers.authorization !== `Bearer ${options.token}`) return send(401, { error: "Unauthorized" });
    for (const [method, pattern, answer] of routes) {
      const match = req.method === method ? pattern.exec(url.pathname) : null;
      if (match) return send(...answer(match.slice(1).map((m) => (m === undefined ? m! : decodeURIComponent(m))), body, url.searchParams));
    }
    send(404, { error: `The broker double has no ${req.method} ${url.pathname}` });
  }

  function reply(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, HAL);
    res.end(JSON.stringify(body));
  }

  const server: Server = createServer((req, res) => void handle(req, res).catch((e: unknown) => reply(res, 500, { error: String(e) })));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: base, store, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
