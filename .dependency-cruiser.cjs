const LAYERS = require("./.dependency-cruiser-layers.cjs");

/** One rule per layer: nothing in it imports from a layer above it. */
const layerRules = LAYERS.slice(1).map((layer, i) => ({
  name: `no-import-up-from-${layer.name.replace(/\W+/g, "-")}`,
  severity: "error",
  comment: `app/{${layer.folders.join(",")}}/ (${layer.name}) import only from their own layer or below (.dependency-cruiser-layers.cjs).`,
  // A test may reach up to drive what it tests through its caller.
  from: { path: `^app/(${layer.folders.join("|")})/`, pathNot: "\\.test\\.tsx?$|\\.test-support\\.tsx?$" },
  to: { path: `^app/(${LAYERS.slice(0, i + 1).flatMap((above) => above.folders).join("|")})/|^app/[^/]+\\.tsx?$` },
}));

/**
 * The directions imports may run (docs/architecture.md §7.1, docs/decisions/0020-domain-folders.md):
 * contracts → generated → app → mocks → tests, and inside app the layers of
 * .dependency-cruiser-layers.cjs, routes on top, the typed client and the platform at the
 * bottom; finer rules below. `npm test` runs this (npm run lint:imports).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "no-circular", severity: "error", comment: "No circle of files (type-only imports are erased and do not count).",
      from: {}, to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "generated-is-generated", severity: "error", comment: "generated/ is made from contracts/ only.",
      from: { path: "^generated/" }, to: { path: "^(app|mocks|tests|scripts)/" },
    },
    {
      name: "app-not-on-mocks", severity: "error",
      comment: "The app never imports the mock backends, except the embedded default: the module that starts them, and the search endpoint and client that load the embedded search engine when no search host is configured.",
      from: {
        path: "^app/",
        pathNot: "^app/runtime/embedded\\.server\\.ts$|^app/routes/search-protocol\\.tsx$|^app/search/client\\.ts$|\\.test\\.tsx?$|\\.test-support\\.tsx?$",
      },
      to: { path: "^mocks/" },
    },
    { name: "app-not-on-tests", severity: "error", from: { path: "^(app|mocks)/" }, to: { path: "^tests/" } },
    {
      name: "nothing-imports-routes", severity: "error", comment: "Route modules are the top: nothing imports them.",
      from: { path: "^app/", pathNot: "^app/routes/|\\.test\\.tsx?$" }, to: { path: "^app/routes/" },
    },
    {
      name: "client-at-the-bottom", severity: "error",
      comment: "app/api (the typed client) depends on generated/ and its own modules only (and the configuration, the log and the metrics).",
      from: { path: "^app/api/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^app/", pathNot: "^app/api/|^app/runtime/(config|log|metrics)\\.server\\.ts$" },
    },
    {
      name: "components-are-ui", severity: "error",
      comment: "app/components holds UI: no guards, no server code (a type from a server module is erased, so allowed).",
      from: { path: "^app/components/" }, to: { path: "^app/guards/|\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "guards-below-routes-and-ui", severity: "error",
      from: { path: "^app/guards/" }, to: { path: "^app/components/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^app/\\.react-router|\\+types" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
