import { createHash, randomUUID } from "node:crypto";

// The data and rules of the Pact Broker double (broker-double.ts): pacticipants, versions and
// their branches, pact versions, verification results, environments and deployments, and the
// broker's documented rules over them: consumer version selectors, pending and WIP pacts,
// and the matrix that can-i-deploy reads. No broker can run on this project's machines
// (docs/decisions/0036-broker-loop-and-portable-pacts.md); the double answers the same HAL
// resources, and the Pact CLI's own verifier and broker client are what talk to it.

export interface Version { pacticipant: string; number: string; branch?: string; buildUrl?: string; order: number }
export interface Publication { consumer: string; provider: string; consumerVersion: string; sha: string; order: number; at: string }
export interface Verification {
  id: number; consumer: string; provider: string; sha: string; providerVersion: string; success: boolean;
  buildUrl?: string; order: number; at: string;
}
export interface Environment { uuid: string; name: string; displayName: string; production: boolean }
export interface Deployment { uuid: string; pacticipant: string; version: string; environment: string; applicationInstance?: string; current: boolean }
export type Selector = {
  mainBranch?: boolean; branch?: string; matchingBranch?: boolean; deployed?: boolean; released?: boolean;
  deployedOrReleased?: boolean; environment?: string; latest?: boolean; consumer?: string;
};
export interface Selected { publication: Publication; notices: string[]; pending?: boolean; wip?: boolean }

/** Branch names the broker takes as a pacticipant's main branch when none is set (its default). */
const MAIN_BRANCH_CANDIDATES = ["develop", "main", "master"];

export class BrokerStore {
  readonly pacticipants = new Map<string, { name: string; mainBranch?: string }>();
  readonly versions: Version[] = [];
  readonly contents = new Map<string, string>();
  readonly publications: Publication[] = [];
  readonly verifications: Verification[] = [];
  readonly environments: Environment[] = [
    { uuid: randomUUID(), name: "test", displayName: "Test", production: false },
    { uuid: randomUUID(), name: "production", displayName: "Production", production: true },
  ];
  readonly deployments: Deployment[] = [];
  private clock = 0;
  /** Optional fixed "now", so tests can place publications on either side of a WIP date. */
  now = () => new Date().toISOString();

  private tick() {
    return ++this.clock;
  }

  pacticipant(name: string) {
    let p = this.pacticipants.get(name);
    if (!p) this.pacticipants.set(name, (p = { name }));
    return p;
  }

  version(pacticipant: string, number: string, branch?: string, buildUrl?: string): Version {
    const p = this.pacticipant(pacticipant);
    let v = this.versions.find((x) => x.pacticipant === pacticipant && x.number === number);
    if (!v) this.versions.push((v = { pacticipant, number, order: this.tick() }));
    if (branch) {
      v.branch = branch;
      if (!p.mainBranch && MAIN_BRANCH_CANDIDATES.includes(branch)) p.mainBranch = branch;
    }
    if (buildUrl) v.buildUrl = buildUrl;
    return v;
  }

  findVersion(pacticipant: string, number: string) {
    return this.versions.find((v) => v.pacticipant === pacticipant && v.number === number);
  }

  /** Publishes one pact; a different content for the same consumer version and provider is a conflict (the broker's default). */
  publish(consumer: string, consumerVersion: string, provider: string, content: string): { publication: Publication; conflict?: string } {
    this.pacticipant(provider);
    const sha = createHash("sha1").update(JSON.stringify(JSON.parse(content))).digest("hex");
    const existing = this.publications.find((p) => p.consumer === consumer && p.consumerVersion === consumerVersion && p.provider === provider);
    if (existing && existing.sha !== sha) {
      return { publication: existing, conflict: `Cannot change the content of the pact for ${consumer} version ${consumerVersion} and provider ${provider}, as race conditions will cause unreliable results for can-i-deploy. Each pact must be published with a unique consumer version number.` };
    }
    this.contents.set(sha, content);
    const publication = existing ?? { consumer, provider, consumerVersion, sha, order: this.tick(), at: this.now() };
    if (!existing) this.publications.push(publication);
    return { publication };
  }

  verify(v: Omit<Verification, "id" | "order" | "at">): Verification {
    const verification = { ...v, id: this.verifications.length + 1, order: this.tick(), at: this.now() };
    this.verifications.push(verification);
    return verification;
  }

  recordDeployment(pacticipant: string, version: string, environment: Environment, applicationInstance?: string): Deployment {
    for (const d of this.deployments) {
      if (d.pacticipant === pacticipant && d.environment === environment.uuid && d.applicationInstance === applicationInstance) d.current = false;
    }
    const deployment = { uuid: randomUUID(), pacticipant, version, environment: environment.uuid, applicationInstance, current: true };
    this.deployments.push(deployment);
    return deployment;
  }

  private branchOf(pacticipant: string, number: string) {
    return this.findVersion(pacticipant, number)?.branch;
  }

  /** The latest publication for the provider from each consumer version matching `keep`, newest version first. */
  private latestWhere(provider: string, keep: (p: Publication) => boolean): Publication[] {
    const byConsumer = new Map<string, Publication>();
    for (const p of this.publications.filter((x) => x.provider === provider && keep(x))) {
      const order = this.findVersion(p.consumer, p.consumerVersion)?.order ?? 0;
      const current = byConsumer.get(p.consumer);
      if (!current || order > (this.findVersion(current.consumer, current.consumerVersion)?.order ?? 0)) byConsumer.set(p.consumer, p);
    }
    return [...byConsumer.values()];
  }

  private currentlyDeployed(pacticipant: string, environment?: string) {
    const env = environment ? this.environments.find((e) => e.name === environment)?.uuid : undefined;
    return this.deployments.filter((d) => d.current && d.pacticipant === pacticipant && (!env || d.environment === env));
  }

  /** A pact is pending for a provider branch until a version of the provider on that branch (or on its main branch) has verified it successfully. */
  isPending(provider: string, sha: string, providerBranch?: string): boolean {
    const main = this.pacticipants.get(provider)?.mainBranch;
    return !this.verifications.some((v) => v.provider === provider && v.sha === sha && v.success &&
      [providerBranch, main].includes(this.branchOf(provider, v.providerVersion)));
  }

  /** The pacts for verification: what the selectors select (deduplicated by content), then WIP pacts. */
  forVerification(provider: string, query: { consumerVersionSelectors?: Selector[]; providerVersionBranch?: string; includePendingStatus?: boolean; includeWipPactsSince?: string }): Selected[] {
    const selected = new Map<string, Selected>();
    const add = (publication: Publication, why: string) => {
      const entry = selected.get(publication.sha) ?? { publication, notices: [] };
      entry.notices.push(why);
      selected.set(publication.sha, entry);
    };
    for (const s of query.consumerVersionSelectors ?? [{ mainBranch: true }]) {
      const ofConsumer = (p: Publication) => !s.consumer || p.consumer === s.consumer;
      if (s.mainBranch) {
        for (const p of this.latestWhere(provider, (x) => ofConsumer(x) && this.branchOf(x.consumer, x.consumerVersion) === this.pacticipants.get(x.consumer)?.mainBranch)) {
          add(p, `it is the pact for the latest version of ${p.consumer} from its main branch (${this.branchOf(p.consumer, p.consumerVersion)})`);
        }
      }
      const branch = s.branch ?? (s.matchingBranch ? query.providerVersionBranch : undefined);
      if (branch !== undefined) {
        for (const p of this.latestWhere(provider, (x) => ofConsumer(x) && this.branchOf(x.consumer, x.consumerVersion) === branch)) {
          add(p, `it is the pact for the latest version of ${p.consumer} from branch '${branch}'${s.matchingBranch ? " (the provider's branch)" : ""}`);
        }
      }
      if (s.deployed || s.released || s.deployedOrReleased) {
        for (const p of this.publications.filter((x) => x.provider === provider && ofConsumer(x))) {
          const deployed = this.currentlyDeployed(p.consumer, s.environment).filter((d) => d.version === p.consumerVersion);
          for (const d of deployed) {
            add(p, `it is the pact for a version of ${p.consumer} currently deployed to ${this.environments.find((e) => e.uuid === d.environment)?.name}`);
          }
        }
      }
      if (s.latest && !s.branch) for (const p of this.latestWhere(provider, ofConsumer)) add(p, `it is the pact for the latest version of ${p.consumer}`);
    }
    const out = [...selected.values()].map((entry) => ({
      ...entry,
      ...(query.includePendingStatus ? { pending: this.isPending(provider, entry.publication.sha, query.providerVersionBranch) } : {}),
    }));
    if (query.includeWipPactsSince) {
      const since = query.includeWipPactsSince;
      const branches = new Set(this.publications.filter((p) => p.provider === provider).map((p) => `${p.consumer}\u0000${this.branchOf(p.consumer, p.consumerVersion) ?? ""}`));
      for (const key of branches) {
        const [consumer, branch] = key.split("\u0000") as [string, string];
        if (!branch) continue;
        const [latest] = this.latestWhere(provider, (x) => x.consumer === consumer && this.branchOf(x.consumer, x.consumerVersion) === branch);
        if (!latest || selected.has(latest.sha) || out.some((o) => o.publication.sha === latest.sha) || latest.at < since) continue;
        if (!this.isPending(provider, latest.sha, query.providerVersionBranch)) continue;
        out.push({ publication: latest, notices: [`it is a work in progress pact: the latest from branch '${branch}', published since ${since}, not yet verified by '${query.providerVersionBranch}'`], pending: true, wip: true });
      }
    }
    return out;
  }

  /** The latest verification of a pact content by a provider version. */
  verificationOf(provider: string, sha: string, providerVersion: string) {
    return this.verifications.filter((v) => v.provider === provider && v.sha === sha && v.providerVersion === providerVersion).at(-1);
  }

  /**
   * can-i-deploy: may `pacticipant` at `version` go to `environment`? Each pact it published as
   * a consumer needs a successful verification by every provider version deployed there (a
   * provider not deployed there is missing); each consumer version deployed there with a pact
   * for it as a provider needs its successful verification by this version.
   */
  matrix(pacticipant: string, version: string, environment: string) {
    const rows: { consumer: string; consumerVersion: string; provider: string; providerVersion?: string; sha: string; verification?: Verification }[] = [];
    const missing: string[] = [];
    for (const p of this.publications.filter((x) => x.consumer === pacticipant && x.consumerVersion === version)) {
      const deployed = this.currentlyDeployed(p.provider, environment);
      if (deployed.length === 0) missing.push(`There is no verified pact between ${pacticipant} (${version}) and the version of ${p.provider} currently in ${environment} (no version is currently recorded as deployed/released in this environment)`);
      for (const d of deployed) rows.push({ consumer: pacticipant, consumerVersion: version, provider: p.provider, providerVersion: d.version, sha: p.sha, verification: this.verificationOf(p.provider, p.sha, d.version) });
    }
    const consumers = [...new Set(this.publications.filter((x) => x.provider === pacticipant).map((x) => x.consumer))];
    for (const consumer of consumers) {
      for (const d of this.currentlyDeployed(consumer, environment)) {
        const p = this.publications.find((x) => x.consumer === consumer && x.consumerVersion === d.version && x.provider === pacticipant);
        if (p) rows.push({ consumer, consumerVersion: d.version, provider: pacticipant, providerVersion: version, sha: p.sha, verification: this.verificationOf(pacticipant, p.sha, version) });
      }
    }
    const describe = (r: (typeof rows)[number]) => `${r.consumer} (${r.consumerVersion}) and ${r.provider} (${r.providerVersion})`;
    const reasons = [
      ...missing,
      ...rows.filter((r) => !r.verification).map((r) => `There is no verified pact between ${describe(r)}`),
      ...rows.filter((r) => r.verification && !r.verification.success).map((r) => `The verification for the pact between ${describe(r)} failed`),
    ];
    const deployable = reasons.length === 0;
    return {
      rows,
      deployable,
      reason: deployable ? "All required verification results are published and successful" : reasons.join("\n"),
      counts: {
        success: rows.filter((r) => r.verification?.success).length,
        failed: rows.filter((r) => r.verification && !r.verification.success).length,
        unknown: rows.filter((r) => !r.verification).length + missing.length,
      },
    };
  }
}
