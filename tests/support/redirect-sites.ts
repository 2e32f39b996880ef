import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

// Where a request chooses where it is redirected: every call of the same-site redirect
// function (app/security/safe-redirect.ts) in the app, read from the source with the
// TypeScript parser, with the request parameter it is given. The hostile redirect test
// attacks each one, so a new redirect parameter is attacked without being listed there.

export interface RedirectSite {
  /** The route module's id in the build (its file under app/, without the extension): `routes/login`. */
  routeId: string;
  /** Where the parameter is read: the URL's query string or the posted form. */
  in: "query" | "form";
  name: string;
  /** The route function that reads it, when it is the loader or the action; null: a helper either may call. */
  within: "loader" | "action" | null;
  /** file:line, for messages. */
  at: string;
}

export interface RedirectSites {
  sites: RedirectSite[];
  /** Calls this reader cannot trace to a route and a parameter: reported, never skipped. */
  problems: string[];
}

const SAFE_REDIRECT_MODULE = /(^|\/)security\/safe-redirect(\.ts)?$/;
const FUNCTION = "safeRedirectPath";
const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file) && !file.endsWith(".d.ts");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && isSource(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The request parameter an argument reads: `url.searchParams.get("name")`, `form.get("name")` or `parsed.data.name`. */
function parameterOf(argument: ts.Expression): Pick<RedirectSite, "in" | "name"> | null {
  if (ts.isCallExpression(argument) && ts.isPropertyAccessExpression(argument.expression) && argument.expression.name.text === "get") {
    let [name] = argument.arguments;
    // `form.get("name" satisfies typeof FIELD)`: the literal, held to a constant by the compiler.
    while (name && (ts.isSatisfiesExpression(name) || ts.isAsExpression(name) || ts.isParenthesizedExpression(name))) name = name.expression;
    if (!name || !ts.isStringLiteral(name)) return null;
    const owner = argument.expression.expression;
    const fromQuery = ts.isPropertyAccessExpression(owner) && owner.name.text === "searchParams";
    return { in: fromQuery ? "query" : "form", name: name.text };
  }
  // A zod-parsed form: `parsed.data.redirectTo`.
  if (ts.isPropertyAccessExpression(argument) && ts.isPropertyAccessExpression(argument.expression) && argument.expression.name.text === "data") {
    return { in: "form", name: argument.name.text };
  }
  return null;
}

export function readRedirectSites(root: string, appDir = "app"): RedirectSites {
  const sites: RedirectSite[] = [];
  const problems: string[] = [];
  for (const file of sourceFiles(join(root, appDir))) {
    const moduleId = relative(join(root, appDir), file).replace(/\.tsx?$/, "");
    if (SAFE_REDIRECT_MODULE.test(moduleId)) continue;
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    // The local names the function is imported under (an alias included).
    const names = new Set<string>();
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      if (!SAFE_REDIRECT_MODULE.test(statement.moduleSpecifier.text)) continue;
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) if ((element.propertyName ?? element.name).text === FUNCTION) names.add(element.name.text);
      }
    }
    if (names.size === 0) continue;
    const at = (node: ts.Node) => `${relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    /** The name of the top-level function or constant the node is in. */
    const topName = (node: ts.Node): string | undefined => {
      let top: ts.Node = node;
      while (top.parent && top.parent !== source) top = top.parent;
      if (ts.isFunctionDeclaration(top)) return top.name?.text;
      if (!ts.isVariableStatement(top)) return undefined;
      const [declaration] = top.declarationList.declarations;
      return declaration && ts.isIdentifier(declaration.name) ? declaration.name.text : undefined;
    };
    /** `loader` or `action` when only that reaches the node, through the module's own helpers; null: either, or neither known. */
    const within = (node: ts.Node, seen = new Set<string>()): RedirectSite["within"] => {
      const name = topName(node);
      if (name === "loader" || name === "action") return name;
      if (!name || seen.has(name)) return null;
      seen.add(name);
      const callers = new Set<RedirectSite["within"]>();
      ts.forEachChild(source, function calls(inner): void {
        if (ts.isCallExpression(inner) && ts.isIdentifier(inner.expression) && inner.expression.text === name) callers.add(within(inner, seen));
        ts.forEachChild(inner, calls);
      });
      return callers.size === 1 ? [...callers][0]! : null;
    };
    ts.forEachChild(source, function visit(node): void {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && names.has(node.expression.text)) {
        const [argument] = node.arguments;
        const parameter = argument ? parameterOf(argument) : null;
        if (!moduleId.startsWith("routes/")) problems.push(`${at(node)}: ${FUNCTION} outside a route module: which route and parameter it serves cannot be told`);
        else if (!parameter) problems.push(`${at(node)}: ${FUNCTION}'s argument is not a request parameter this reader knows (url.searchParams.get("…"), form.get("…"), parsed.data.…)`);
        else sites.push({ routeId: moduleId, ...parameter, within: within(node), at: at(node) });
      }
      ts.forEachChild(node, visit);
    });
  }
  return { sites: sites.sort((a, b) => a.at.localeCompare(b.at)), problems };
}
