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
 * the client entry's chunks do not hold (header, footer, error page, stores, valtio, React
 * Router's DOM components…). Every page loads all of it, but automatic chunking splits it by
 * which routes also import each module, into a dozen small chunks whose import lines and
 * separate gzip cost every page ~2 kB (bench initial-js). The entry's modules (React, React
 * Router's client: the bench's framework floor) stay in their own chunks, so the floor is
 * unchanged; the build fails if the entry ever loads the shell chunk
 * (docs/decisions/0014-shell-chunk-and-stores-on-first-use.md).
 */
function shellChunk(): Plugin {
  const shell = new Set<string>();
  let entryId = "";
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
                groups: [{ name: SHELL, test: (id) => shell.has(id), includeDependenciesRecursively: false }],
              },
            },
          },
        },
      };
    },
    async buildEnd() {
      if (this.environment.name !== "client") return;
      const { root } = this.environment.config;
      entryId = path.join(root, "app/entry.client.tsx");
      const entry = await usedFrom(this, entryId);
      shell.clear();
      for (const id of staticImports(this, path.join(root, "app/root.tsx"))) if (!entry.has(id)) shell.add(id);
    },
    generateBundle(_, bundle) {
      if (this.environment.name !== "client") return;
      const chunks = Object.values(bundle).filter((file) => file.type === "chunk");
      const start = chunks.find((chunk) => chunk.facadeModuleId === entryId);
      if (!start) this.error(`shell-chunk: no chunk for ${entryId}`);
      const loaded = new Set<string>();
      const queue = [start.fileName];
      for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
        if (loaded.has(file)) continue;
        loaded.add(file);
        const chunk = bundle[file];
        if (chunk?.type !== "chunk") continue;
        const grouped = Object.keys(chunk.modules).filter((id) => shell.has(id));
        if (grouped.length > 0) {
          this.error(
            `shell-chunk: the client entry loads ${file}, which holds the shell's ${grouped.slice(0, 3).join(", ")}: ` +
              "every page's framework floor would grow (docs/decisions/0014-shell-chunk-and-stores-on-first-use.md)",
          );
        }
        queue.push(...chunk.imports);
      }
    },
  };
}

const SHELL = "shell";

type Context = ThisParameterType<Extract<NonNullable<Plugin["buildEnd"]>, (...args: never[]) => unknown>>;

/** Every module `from` imports statically, directly or not, and itself. */
function staticImports(context: Context, from: string): Set<string> {
  const seen = new Set<string>();
  const queue = [from];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** A module's static imports: which module, and which of its exports ("*": all; null: none, for its side effects). */
interface Shape {
  imports: { id: string; name: string | null }[];
  /** Only for a module that does nothing but re-export (a package's index): each export's source. */
  reexports?: { named: Map<string, { id: string; name: string }>; stars: string[] };
}

/**
 * The modules whose code `from`'s chunks hold: what it imports statically, except that through
 * a module that only re-exports (a package's index, like React Router's) it follows just the
 * names imported, as Rolldown's tree-shaking does. So React Router's DOM components (<Link>,
 * <Form>), which its index re-exports and the entry never names, fall to the shell, not the
 * entry. It errs towards more (a module used at all counts with all its imports), so the shell
 * never takes what the entry needs; generateBundle checks that.
 */
async function usedFrom(context: Context, from: string): Promise<Set<string>> {
  const used = new Set<string>();
  const asked = new Set<string>();
  const queue: { id: string; name: string | null }[] = [{ id: from, name: "*" }];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const { id, name } = next;
    const key = `${id}\0${name}`;
    if (used.has(id) || asked.has(key)) continue;
    asked.add(key);
    const shape = await shapeOf(context, id);
    const reexports = shape.reexports;
    if (!reexports) {
      used.add(id);
      queue.push(...shape.imports);
    } else if (name === "*") {
      queue.push(...reexports.named.values(), ...reexports.stars.map((star) => ({ id: star, name })));
    } else if (name !== null) {
      const named = reexports.named.get(name);
      queue.push(...(named ? [named] : reexports.stars.map((star) => ({ id: star, name }))));
    }
  }
  return used;
}

async function shapeOf(context: Context, id: string): Promise<Shape> {
  const info = context.getModuleInfo(id);
  const all = (info?.importedIds ?? []).map((imported) => ({ id: imported, name: "*" }));
  let body;
  try {
    body = info?.code ? context.parse(info.code).body : undefined;
  } catch {
    body = undefined;
  }
  if (!body) return { imports: all };
  const resolve = async (source: string) => (await context.resolve(source, id))?.id;
  const imports: Shape["imports"] = [];
  const locals = new Map<string, { id: string; name: string }>();
  const named = new Map<string, { id: string; name: string }>();
  const stars: string[] = [];
  let onlyReexports = true;
  const nameOf = (node: { type: string; name?: string; value?: unknown }) => (node.type === "Identifier" ? node.name! : String(node.value));
  for (const statement of body) {
    if (statement.type === "ImportDeclaration") {
      const target = await resolve(statement.source.value);
      if (!target) continue;
      if (statement.specifiers.length === 0) imports.push({ id: target, name: null });
      for (const specifier of statement.specifiers) {
        const name = specifier.type === "ImportSpecifier" ? nameOf(specifier.imported) : specifier.type === "ImportDefaultSpecifier" ? "default" : "*";
        imports.push({ id: target, name });
        locals.set(specifier.local.name, { id: target, name });
      }
    } else if (statement.type === "ExportAllDeclaration") {
      const target = await resolve(statement.source.value);
      if (!target) continue;
      imports.push({ id: target, name: "*" });
      if (statement.exported) named.set(nameOf(statement.exported), { id: target, name: "*" });
      else stars.push(target);
    } else if (statement.type === "ExportNamedDeclaration" && !statement.declaration) {
      const target = statement.source ? await resolve(statement.source.value) : undefined;
      for (const specifier of statement.specifiers) {
        const local = nameOf(specifier.local);
        const binding = target ? { id: target, name: local } : locals.get(local);
        if (target) imports.push({ id: target, name: local });
        if (binding) named.set(nameOf(specifier.exported), binding);
        else onlyReexports = false;
      }
    } else if (!(statement.type === "ExpressionStatement" && "directive" in statement && statement.directive)) {
      onlyReexports = false;
    }
  }
  // Whatever else it loads (require(), CSS…), whole.
  const seen = new Set(imports.map((link) => link.id));
  imports.push(...all.filter((link) => !seen.has(link.id)));
  return onlyReexports ? { imports, reexports: { named, stars } } : { imports };
}
