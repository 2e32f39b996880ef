/**
 * The directions imports may run (docs/architecture.md; ADR 20): contracts → generated →
 * app → mocks → tests, and inside app, routes on top, UI components and domain rules
 * below them, the typed client at the bottom. `npm test` runs this (npm run lint:imports).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    { name: "no-circular", severity: "error", comment: "No circle of files.", from: {}, to: { circular: true } },
    {
      name: "generated-is-generated", severity: "error", comment: "generated/ is made from contracts/ only.",
      from: { path: "^generated/" }, to: { path: "^(app|mocks|tests|scripts)/" },
    },
    {
      name: "app-not-on-mocks", severity: "error",
      comment: "The app never imports the mock backends, except the embedded default that starts them.",
      from: { path: "^app/", pathNot: "^app/embedded\\.server\\.ts$|\\.test\\.tsx?$|\\.test-support\\.tsx?$" },
      to: { path: "^mocks/" },
    },
    { name: "app-not-on-tests", severity: "error", from: { path: "^(app|mocks)/" }, to: { path: "^tests/" } },
    {
      name: "nothing-imports-routes", severity: "error", comment: "Route modules are the top: nothing imports them.",
      from: { path: "^app/", pathNot: "^app/routes/|\\.test\\.tsx?$" }, to: { path: "^app/routes/" },
    },
    {
      name: "client-at-the-bottom", severity: "error",
      comment: "app/api (the typed client) depends on generated/ and its own modules only.",
      from: { path: "^app/api/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^app/", pathNot: "^app/api/|^app/config\\.server\\.ts$|^app/log\\.server\\.ts$" },
    },
    {
      name: "components-are-ui", severity: "error",
      comment: "app/components holds UI: no guards, no server modules.",
      from: { path: "^app/components/" }, to: { path: "^app/guards/|\\.server\\.tsx?$" },
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
