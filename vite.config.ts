import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

export default defineConfig({
  plugins: [reactRouter(), shellChunk()],
  resolve: { tsconfigPaths: true },
  // msw is loaded only by the embedded default at run time; keep it out of the bundle.
  ssr: { external: ["msw", "msw/node"] },
});

/**
 * One "shell" chunk in the browser build: the root route and every module it imports that
 * the client entry does not (header, footer, error page, stores, valtio…). Every page loads
 * all of it, but automatic chunking splits it by which routes also import each module, into
 * a dozen small chunks whose import lines and separate gzip cost every page ~1.5 kB (bench
 * initial-js). The entry's modules (React, React Router: the bench's framework floor) stay in
 * their own chunks, so the floor is unchanged.
 */
function shellChunk(): Plugin {
  const shell = new Set<string>();
  return {
    name: "shell-chunk",
    // After React Router's plugin, which sets preserveEntrySignatures.
    enforce: "post",
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: {
          rolldownOptions: {
            // Rolldown needs this to leave a group's dependencies out of it (below). Like
            // React Router's "exports-only", it keeps every export of an entry chunk (a route
            // module's default, meta…); it only lets Rolldown add some, which React Router
            // never reads.
            preserveEntrySignatures: "allow-extension",
            output: {
              codeSplitting: {
                // Without includeDependenciesRecursively: false the group would take React
                // and React Router in with the modules that import them.
                groups: [{ name: "shell", test: (id) => shell.has(id), includeDependenciesRecursively: false }],
              },
            },
          },
        },
      };
    },
    buildEnd() {
      if (this.environment.name !== "client") return;
      const staticImports = (from: string) => {
        const seen = new Set<string>();
        const queue = [from];
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const { root } = this.environment.config;
      const entry = staticImports(path.join(root, "app/entry.client.tsx"));
      shell.clear();
      for (const id of staticImports(path.join(root, "app/root.tsx"))) if (!entry.has(id)) shell.add(id);
    },
  };
}
