/**
 * A module resolve hook for scripts that import the mock backend (mocks/) under Node's own
 * type stripping: the mock's modules import each other without extensions, as Vite and
 * TypeScript's bundler resolution allow, and Node's ESM resolver does not. A specifier that
 * fails to resolve is tried with `.ts`, then `/index.ts`. Registered with
 * `node --import ./scripts/support/ts-resolve.ts` (see package.json pact:verify).
 */
import { registerHooks } from "node:module";

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      const relative = specifier.startsWith("./") || specifier.startsWith("../");
      if (!relative || /\.[cm]?[jt]sx?$/.test(specifier)) throw error;
      for (const candidate of [`${specifier}.ts`, `${specifier}/index.ts`]) {
        try {
          return nextResolve(candidate, context);
        } catch {
          // Try the next form.
        }
      }
      throw error;
    }
  },
});
