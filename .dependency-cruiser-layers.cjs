/**
 * The layers of app/, top to bottom (docs/architecture.md §7.1). An import may run
 * sideways (within a layer) or down, never up, type-only imports included. Every folder
 * of app/ must be in exactly one layer: scripts/check-docs.ts fails on a folder that is
 * not, so a new folder starts by saying where it sits.
 */
module.exports = [
  { name: "pages", folders: ["routes"], what: "route modules (with app/root.tsx, app/routes.ts and the entries)" },
  { name: "guards and UI", folders: ["guards", "components"], what: "the named guards; UI components" },
  {
    name: "domains",
    folders: ["booking", "outreach", "orders", "organisations", "account", "registration", "search", "calendar", "state"],
    what: "steps, rules, server helpers, contexts and stores of each concern",
  },
  { name: "services", folders: ["session", "shell", "forms"], what: "the session and request services, the page shell, form helpers" },
  { name: "client", folders: ["api"], what: "the typed clients of the gateway and the CMS" },
  { name: "platform", folders: ["security", "runtime"], what: "security rules, configuration, logs, the embedded default" },
  { name: "assets", folders: ["styles"], what: "stylesheets" },
];
