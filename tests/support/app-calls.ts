import { join, relative, sep } from "node:path";
import ts from "typescript";
import type { Service } from "../../app/api/validation.server";
import { operationIds } from "../../generated/operation-ids";

// Reads, with the TypeScript compiler, which backend operations the app calls and which of
// their answers it acts on (docs/decisions/0019-call-sites-refusals-and-payment-return.md):
//
// - a *wrapper* is a function in the client folder (app/api) that runs
//   `gatewayCall(client, "<method>", "<path>", …)` (or `cmsCall`); its operation is the
//   contract's for that method and path (generated/operation-ids.ts);
// - an operation is *called* when a wrapper of it has a caller elsewhere in the app: a
//   wrapper nobody calls is reported, and so is a backend request made outside the client
//   folder (an openapi-fetch method, `gatewayCall`/`cmsCall` or `call()` used anywhere else);
// - a *branch* is a comparison of a failure's `status` or of its problem's `code` with a
//   literal (`===`, `!==`, `switch`/`case`). The operation comes from the type: every
//   failure carries `operation: "<operationId>"` and every problem a phantom
//   `"~operation"` (app/api/result.server.ts), so a branch is traced to its operation
//   wherever the result or the problem was passed. A generic helper (one whose operation
//   type is `string`, such as `required()`) is traced to its callers' arguments. A branch
//   on a result or problem whose operation cannot be told is reported, never skipped.
// - a failure with `upstream: true` is no answer of the operation's (the app's own message
//   when none usable came): a branch on it is not a contract branch, and a branch on a
//   status it may carry (the API Gateway's 403, 413, 429) made before `upstream` is told
//   is reported, since it would take the API Gateway's refusal for the gateway's problem
//   (docs/decisions/0021-failures-as-values-and-reads-without-effects.md).

export interface AppSource {
  /** The repository root (where tsconfig.json is). */
  root: string;
  /** The folder whose modules are read (the app, or a test fixture), relative to root. */
  appDir: string;
  /** The client folder inside it, relative to root. */
  apiDir: string;
}

export interface Wrapper {
  name: string;
  service: Service;
  operationId: string;
  method: string;
  path: string;
  at: string;
}

export interface Branch {
  operationId: string;
  status?: number;
  code?: string;
  at: string;
}

export interface AppCalls {
  wrappers: Wrapper[];
  /** operationId -> where the app calls a wrapper of it. */
  called: Map<string, string[]>;
  branches: Branch[];
  /** Everything the reader refuses: uncalled wrappers, requests outside the client folder, untraceable branches. */
  problems: string[];
}

const METHODS = new Set(["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"]);
const isTestFile = (file: string) => /\.(test|spec)\.tsx?$/.test(file);

export function readAppCalls(source: AppSource, program: ts.Program = appProgram(source)): AppCalls {
  const appDir = join(source.root, source.appDir);
  const apiDir = join(source.root, source.apiDir);
  const checker = program.getTypeChecker();
  const inside = (file: string, dir: string) => !relative(dir, file).startsWith("..");
  const files = program
    .getSourceFiles()
    .filter((f) => inside(f.fileName, appDir) && !f.isDeclarationFile && !isTestFile(f.fileName) &&
      (!f.fileName.includes(`${sep}fixtures${sep}`) || source.appDir.includes("fixtures")));
  const at = (node: ts.Node) => {
    const file = node.getSourceFile();
    return `${relative(source.root, file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  };
  const declarationOf = (expression: ts.Expression): ts.Declaration | undefined => {
    let symbol = checker.getSymbolAtLocation(expression);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return symbol?.declarations?.[0];
  };
  /** `call()` or `gatewayCall()`/`cmsCall()` of app/api: the functions that make a backend request. */
  const requestPrimitive = (declaration: ts.Declaration | undefined): "call" | Service | undefined => {
    // A function, or a constant a factory made (`export const gatewayCall = operationCaller(…)`).
    if (!declaration || !(ts.isFunctionDeclaration(declaration) || ts.isVariableDeclaration(declaration))) return undefined;
    if (!declaration.name || !ts.isIdentifier(declaration.name)) return undefined;
    const name = declaration.name.text;
    const file = declaration.getSourceFile().fileName;
    if (name === "call" && file.endsWith(`${sep}api${sep}result.server.ts`)) return "call";
    if (!file.endsWith(`${sep}api${sep}operation.server.ts`)) return undefined;
    return name === "gatewayCall" ? "gateway" : name === "cmsCall" ? "cms" : undefined;
  };
  const isOpenapiFetchMethod = (node: ts.PropertyAccessExpression) =>
    (METHODS.has(node.name.text) || node.name.text === "request") &&
    (checker.getSymbolAtLocation(node.name)?.declarations ?? []).some((d) => d.getSourceFile().fileName.includes(`${sep}openapi-fetch${sep}`));

  const problems: string[] = [];
  const wrappers: Wrapper[] = [];
  const wrapperByDeclaration = new Map<ts.Node, Wrapper>();
  const called = new Map<string, string[]>();

  // Wrappers: the functions of the client folder that run gatewayCall() or cmsCall().
  for (const file of files.filter((f) => inside(f.fileName, apiDir))) {
    ts.forEachChild(file, function visitTop(node) {
      if (!ts.isFunctionDeclaration(node) || !node.name || !node.body) return;
      const name = node.name.text;
      ts.forEachChild(node.body, function find(inner): void {
        const service = ts.isCallExpression(inner) ? requestPrimitive(declarationOf(inner.expression)) : undefined;
        if (ts.isCallExpression(inner) && service && service !== "call") {
          const [, method, path] = inner.arguments;
          const operationId = method && path && ts.isStringLiteral(method) && ts.isStringLiteral(path)
            ? (operationIds[service] as Record<string, Record<string, string>>)[path.text]?.[method.text]
            : undefined;
          if (!method || !path || !ts.isStringLiteral(method) || !ts.isStringLiteral(path) || !operationId) {
            problems.push(`${at(inner)}: a ${service} request this reader cannot read (method and path must be literals of an operation of contracts/${service}.yaml)`);
            return;
          }
          const wrapper = { name, service, operationId, method: method.text.toUpperCase(), path: path.text, at: at(node) };
          wrappers.push(wrapper);
          wrapperByDeclaration.set(node, wrapper);
          return;
        }
        ts.forEachChild(inner, find);
      });
    });
  }

  // Calls, requests outside the client folder, and branches.
  const helperBranches = new Map<ts.Node, { status?: number; code?: string; at: string }[]>();
  const branches: Branch[] = [];

  /** The operations a value's type names in `property` (a literal or a union of them); "wide" for `string`. */
  function operationsIn(type: ts.Type, property: string): string[] | "wide" | undefined {
    const found = new Set<string>();
    let wide = false;
    let seen = false;
    for (const member of type.isUnion() ? type.types : [type]) {
      const symbol = member.getProperty(property);
      if (!symbol) continue;
      seen = true;
      const propertyType = checker.getNonNullableType(checker.getTypeOfSymbol(symbol));
      for (const t of propertyType.isUnion() ? propertyType.types : [propertyType]) {
        if (t.isStringLiteral()) found.add(t.value);
        // `string`, or a helper's own type parameter (`Op extends NotFoundOperation`): its callers tell.
        else if (t.flags & (ts.TypeFlags.String | ts.TypeFlags.TypeParameter)) wide = true;
      }
    }
    if (!seen) return undefined;
    return wide ? "wide" : [...found];
  }

  /** The members of a failure type with `upstream: true`. */
  const upstreamMembers = (type: ts.Type) => (type.isUnion() ? type.types : [type]).filter((member) => {
    const flag = member.getProperty("upstream");
    return flag !== undefined && checker.typeToString(checker.getTypeOfSymbol(flag)) === "true";
  });
  /** Whether the member's `status` may be this number. */
  const mayHaveStatus = (member: ts.Type, status: number) => {
    const symbol = member.getProperty("status");
    const type = symbol && checker.getTypeOfSymbol(symbol);
    if (!type) return false;
    return (type.isUnion() ? type.types : [type]).some((t) => (t.isNumberLiteral() ? t.value === status : Boolean(t.flags & ts.TypeFlags.Number)));
  };
  const looksLikeProblem = (type: ts.Type) => ["title", "type", "code"].every((p) => checker.getNonNullableType(type).getProperty(p));
  const looksLikeFailure = (type: ts.Type) => ["ok", "status", "problem"].every((p) => (type.isUnion() ? type.types : [type]).some((t) => t.getProperty(p)));

  function enclosingFunction(node: ts.Node): ts.Node | undefined {
    for (let n = node.parent; n; n = n.parent) {
      if (ts.isFunctionDeclaration(n)) return n;
      if ((ts.isArrowFunction(n) || ts.isFunctionExpression(n)) && ts.isVariableDeclaration(n.parent)) return n.parent;
    }
    return undefined;
  }

  /** `x.status`, or `status` destructured from x: the property's name and x's type. */
  function comparedProperty(compared: ts.Expression): { name: string; objectType: ts.Type } | undefined {
    if (ts.isPropertyAccessExpression(compared)) return { name: compared.name.text, objectType: checker.getTypeAtLocation(compared.expression) };
    if (!ts.isIdentifier(compared)) return undefined;
    const declaration = checker.getSymbolAtLocation(compared)?.valueDeclaration;
    if (!declaration || !ts.isBindingElement(declaration) || !ts.isObjectBindingPattern(declaration.parent)) return undefined;
    const name = declaration.propertyName && ts.isIdentifier(declaration.propertyName) ? declaration.propertyName.text : compared.text;
    return { name, objectType: checker.getTypeAtLocation(declaration.parent) };
  }

  function recordBranch(compared: ts.Expression, literal: ts.Expression) {
    const property = comparedProperty(compared);
    if (!property) return;
    const { name, objectType } = property;
    const value = ts.isStringLiteral(literal) ? literal.text : ts.isNumericLiteral(literal) ? Number(literal.text) : undefined;
    if (value === undefined) return;
    let operations: string[] | "wide" | undefined;
    if (name === "code" && typeof value === "string" && looksLikeProblem(objectType)) operations = operationsIn(objectType, "~operation");
    else if (name === "status" && typeof value === "number" && looksLikeFailure(objectType)) operations = operationsIn(objectType, "operation");
    else return;
    const branch = name === "code" ? { code: value as string, at: at(compared) } : { status: value as number, at: at(compared) };
    if (branch.status !== undefined && (branch.status < 400 || branch.status >= 500)) return; // only the contract's 4xx answers
    if (branch.status !== undefined) {
      const upstream = upstreamMembers(objectType);
      const members = objectType.isUnion() ? objectType.types : [objectType];
      if (upstream.length > 0 && upstream.length === members.length) return; // the app's own message: no contract branch
      if (upstream.some((member) => mayHaveStatus(member, value as number))) {
        problems.push(`${branch.at}: a branch on status ${value} of a result that may be the API Gateway's own refusal: tell \`upstream\` first`);
        return;
      }
    }
    if (operations === "wide") {
      const helper = enclosingFunction(compared);
      if (helper) {
        helperBranches.set(helper, [...(helperBranches.get(helper) ?? []), branch]);
        return;
      }
    }
    if (!operations || operations === "wide" || operations.length === 0) {
      problems.push(`${branch.at}: a branch on ${name} ${JSON.stringify(value)} of a backend answer whose operation the type does not name`);
      return;
    }
    for (const operationId of operations) branches.push({ operationId, ...branch });
  }

  const comparisons = new Set([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken]);
  const isLiteral = (e: ts.Expression) => ts.isStringLiteral(e) || ts.isNumericLiteral(e);
  const calls: ts.CallExpression[] = [];
  /** Functions passed as arguments (`pending.then(required)`): a helper among them is traced through the argument's type. */
  const passed: ts.Identifier[] = [];

  for (const file of files) {
    const inApi = inside(file.fileName, apiDir);
    (function visit(node: ts.Node) {
      if (ts.isCallExpression(node)) {
        calls.push(node);
        const declaration = declarationOf(node.expression);
        const wrapper = declaration && wrapperByDeclaration.get(declaration);
        if (wrapper && !inApi) called.set(wrapper.operationId, [...(called.get(wrapper.operationId) ?? []), at(node)]);
        const primitive = requestPrimitive(declaration);
        if (!inApi && primitive) problems.push(`${at(node)}: ${primitive === "call" ? "call" : `${primitive}Call`}() outside ${source.apiDir}: backend requests belong in a client function there`);
        if (!inApi && ts.isPropertyAccessExpression(node.expression) && isOpenapiFetchMethod(node.expression)) {
          problems.push(`${at(node)}: ${node.expression.name.text} request outside ${source.apiDir}: backend requests belong in a client function there`);
        }
      }
      if (ts.isIdentifier(node) && ts.isCallExpression(node.parent) && node.parent.arguments.includes(node)) passed.push(node);
      if (ts.isBinaryExpression(node) && comparisons.has(node.operatorToken.kind)) {
        const [compared, literal] = isLiteral(node.right) ? [node.left, node.right] : [node.right, node.left];
        if (isLiteral(literal)) recordBranch(compared, literal);
      }
      if (ts.isCaseClause(node) && isLiteral(node.expression)) {
        recordBranch(node.parent.parent.expression, node.expression);
      }
      ts.forEachChild(node, visit);
    })(file);
  }

  // Generic helpers: their branches belong to the operations their callers pass in, or,
  // for a helper passed as a callback, to those of the value it will be called with.
  const callbackArgumentTypes = (reference: ts.Identifier): ts.Type[] => {
    // `then(onfulfilled?: ((value: T) => …) | null)`: the callback member of the parameter's type.
    const expected = checker.getContextualType(reference);
    const callback = expected && checker.getNonNullableType(expected);
    const parameter = callback?.getCallSignatures()[0]?.parameters[0];
    return parameter ? [checker.getTypeOfSymbolAtLocation(parameter, reference)] : [];
  };
  for (const [helper, helped] of helperBranches) {
    const sites: [ts.Node, ts.Type[]][] = [
      ...calls.filter((c) => declarationOf(c.expression) === helper)
        .map((c): [ts.Node, ts.Type[]] => [c, c.arguments.map((argument) => checker.getTypeAtLocation(argument))]),
      ...passed.filter((reference) => declarationOf(reference) === helper)
        .map((reference): [ts.Node, ts.Type[]] => [reference, callbackArgumentTypes(reference)]),
    ];
    for (const [site, types] of sites) {
      const operations = types
        .flatMap((type) => [operationsIn(type, "operation"), operationsIn(type, "~operation")])
        .filter((o) => o !== undefined);
      const named = operations.flatMap((o) => (o === "wide" ? [] : o));
      if (operations.includes("wide") || named.length === 0) {
        problems.push(`${at(site)}: passes a backend answer whose operation the type does not name to a helper that branches on it`);
        continue;
      }
      for (const operationId of new Set(named)) for (const branch of helped) branches.push({ operationId, ...branch, at: `${branch.at} via ${at(site)}` });
    }
  }

  const calledWrappers = new Set(calls
    .filter((c) => !inside(c.getSourceFile().fileName, apiDir))
    .map((c) => declarationOf(c.expression))
    .map((d) => d && wrapperByDeclaration.get(d)));
  for (const wrapper of wrappers) {
    if (!calledWrappers.has(wrapper)) problems.push(`${wrapper.at}: ${wrapper.name} (${wrapper.operationId}) has no caller in ${source.appDir}`);
  }

  return { wrappers, called, branches, problems };
}

/** The TypeScript program of the app's folder (the readers share one: it takes seconds to build). */
export function appProgram(source: AppSource): ts.Program {
  const appDir = join(source.root, source.appDir);
  const configFile = ts.readConfigFile(join(source.root, "tsconfig.json"), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, source.root);
  const rootNames = parsed.fileNames.filter((f) => !relative(appDir, f).startsWith("..") && /\.tsx?$/.test(f));
  return ts.createProgram({ rootNames, options: { ...parsed.options, noEmit: true } });
}
