import { join, relative } from "node:path";
import ts from "typescript";
import { type AppSource, appProgram } from "./app-calls";

// Which fields of the backends' answers the app reads, and which of them it acts on, with the
// TypeScript compiler (docs/decisions/0036-broker-loop-and-portable-pacts.md):
//
// - a *read* is a property access (`order.status`, `order["status"]`) or a destructuring
//   (`const { status } = order`) in the app whose property a schema type of
//   generated/gateway.ts or generated/cms.ts declares. A field is named by its schema and its
//   path inside it, as the contract names it: `Basket.nextStep`, `Order.timeline.at` (an
//   inline object inside Order). Types carry the declarations through unions, intersections,
//   Pick/Partial and React Router's serialised loader data (homomorphic mapped types keep
//   them), so a read is found wherever the value went.
// - a read is *acted on* when the app's behaviour depends on the value: compared (`===`,
//   `<`, `switch`), tested (`if`, `!`, `&&`, `?:`), used as a key (`LABELS[order.status]`,
//   `out[e.field]`) or searched (`.includes(…)`). The value is followed into local variables,
//   into the parameters of the app's own functions it is passed to, and out of the functions
//   that return it, a few calls deep. A value only shown (JSX, a template string), copied or
//   passed elsewhere is read but not acted on: its exact text is nothing the app depends on.
//
// tests/contract/overspecified.test.ts holds the pacts to it: an interaction asserts a value
// exactly only where the app acts on it.

export interface AppReads {
  /** Schema fields the app reads: "Basket.nextStep". */
  fields: Set<string>;
  /** The fields whose value the app acts on. */
  actedOn: Set<string>;
  /** Where each field was first read, for messages. */
  at: Map<string, string>;
}

/** The field a property declaration of generated/<service>.ts stands for: its schema and path, or undefined outside components.schemas. */
export function schemaFieldOf(declaration: ts.Declaration): string | undefined {
  if (!/[\\/]generated[\\/](gateway|cms)\.ts$/.test(declaration.getSourceFile().fileName)) return undefined;
  const names: string[] = [];
  for (let node: ts.Node | undefined = declaration; node; node = node.parent) {
    if (!ts.isPropertySignature(node)) continue;
    const name = node.name.getText().replace(/^["']|["']$/g, "");
    // components.schemas.<Schema>: the schema's own signature sits in the TypeLiteral of `schemas`.
    const owner = node.parent?.parent;
    if (owner && ts.isPropertySignature(owner) && owner.name.getText() === "schemas") return [name, ...names].join(".");
    names.unshift(name);
  }
  return undefined;
}

const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken, ts.SyntaxKind.LessThanToken, ts.SyntaxKind.GreaterThanToken,
  ts.SyntaxKind.LessThanEqualsToken, ts.SyntaxKind.GreaterThanEqualsToken,
]);
/** Methods whose answer depends on the value they are called on or given. */
const SEARCHES = new Set(["includes", "indexOf", "has", "startsWith", "endsWith", "some", "every", "find", "findIndex", "filter"]);
const DEPTH = 4;

export function readAppReads(source: AppSource, program: ts.Program = appProgram(source)): AppReads {
  const checker = program.getTypeChecker();
  const appDir = join(source.root, source.appDir);
  const inApp = (file: ts.SourceFile) => !relative(appDir, file.fileName).startsWith("..") && !file.isDeclarationFile && !/\.(test|spec)\.tsx?$/.test(file.fileName);
  const files = program.getSourceFiles().filter(inApp);
  const fields = new Set<string>();
  const actedOn = new Set<string>();
  const at = new Map<string, string>();
  const where = (node: ts.Node) => {
    const file = node.getSourceFile();
    return `${relative(source.root, file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  };

  // Every identifier of the app by symbol, to follow a value into a variable or a parameter.
  const references = new Map<ts.Symbol, ts.Identifier[]>();
  const callsOf = new Map<ts.Node, ts.CallExpression[]>();
  for (const file of files) {
    (function index(node: ts.Node) {
      if (ts.isIdentifier(node)) {
        const symbol = checker.getSymbolAtLocation(node);
        if (symbol) references.set(symbol, [...(references.get(symbol) ?? []), node]);
      }
      if (ts.isCallExpression(node)) {
        const declaration = functionNamed(node.expression);
        if (declaration) callsOf.set(declaration, [...(callsOf.get(declaration) ?? []), node]);
      }
      ts.forEachChild(node, index);
    })(file);
  }

  /** The app's own function (or component) an expression names. */
  function functionNamed(callee: ts.Node): ts.SignatureDeclaration | undefined {
    let symbol = checker.getSymbolAtLocation(callee);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const declaration = symbol?.declarations?.[0];
    if (!declaration || !inApp(declaration.getSourceFile())) return undefined;
    if (ts.isFunctionDeclaration(declaration)) return declaration;
    if (ts.isVariableDeclaration(declaration) && declaration.initializer &&
      (ts.isArrowFunction(declaration.initializer) || ts.isFunctionExpression(declaration.initializer))) return declaration.initializer;
    return undefined;
  }

  /** Whether the app acts on the value of `expression` (it evaluates to the field). */
  function actsOn(expression: ts.Expression, depth: number, seen: Set<ts.Node>): boolean {
    if (depth > DEPTH || seen.has(expression)) return false;
    seen.add(expression);
    const parent = expression.parent;
    if (ts.isParenthesizedExpression(parent) || ts.isNonNullExpression(parent) || ts.isAsExpression(parent) || ts.isSatisfiesExpression(parent)) {
      return actsOn(parent, depth, seen);
    }
    if (ts.isBinaryExpression(parent)) {
      const operator = parent.operatorToken.kind;
      if (COMPARISONS.has(operator)) return true;
      if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return parent.left === expression || actsOn(parent, depth, seen);
      if (operator === ts.SyntaxKind.BarBarToken || operator === ts.SyntaxKind.QuestionQuestionToken) return actsOn(parent, depth, seen);
      return false;
    }
    if (ts.isPrefixUnaryExpression(parent) && parent.operator === ts.SyntaxKind.ExclamationToken) return true;
    if ((ts.isIfStatement(parent) || ts.isWhileStatement(parent)) && parent.expression === expression) return true;
    if (ts.isConditionalExpression(parent)) return parent.condition === expression || actsOn(parent, depth, seen);
    if (ts.isSwitchStatement(parent) || ts.isCaseClause(parent)) return true;
    if (ts.isElementAccessExpression(parent) && parent.argumentExpression === expression) return true;
    if (ts.isComputedPropertyName(parent)) return true;
    if (ts.isPropertyAccessExpression(parent) && parent.expression === expression) {
      if (parent.name.text === "length") return actsOn(parent, depth, seen);
      return SEARCHES.has(parent.name.text) && ts.isCallExpression(parent.parent);
    }
    if (ts.isCallExpression(parent) && parent.arguments.includes(expression as ts.Expression)) {
      const callee = parent.expression;
      if (ts.isPropertyAccessExpression(callee) && SEARCHES.has(callee.name.text)) return true;
      const parameter = functionNamed(parent.expression)?.parameters[parent.arguments.indexOf(expression)];
      return parameter !== undefined && boundActsOn(parameter.name, depth + 1, seen);
    }
    // A component's prop: `<OrderList orders={page.items} />` into `function OrderList({ orders })`.
    if (ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent) && ts.isIdentifier(parent.parent.name)) {
      const attribute = parent.parent;
      const element = attribute.parent.parent;
      const props = functionNamed(element.tagName)?.parameters[0]?.name;
      const prop = props && ts.isObjectBindingPattern(props)
        ? props.elements.find((e) => ((e.propertyName ?? e.name) as ts.Identifier).text === (attribute.name as ts.Identifier).text)
        : undefined;
      return prop !== undefined && boundActsOn(prop.name, depth + 1, seen);
    }
    if (ts.isVariableDeclaration(parent) && parent.initializer === expression) return boundActsOn(parent.name, depth, seen);
    if (ts.isReturnStatement(parent) || (ts.isArrowFunction(parent) && parent.body === expression)) {
      let fn: ts.Node | undefined = parent;
      while (fn && !ts.isFunctionDeclaration(fn) && !ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) fn = fn.parent;
      return (fn ? callsOf.get(fn) ?? [] : []).some((call) => actsOn(call, depth + 1, seen));
    }
    return false;
  }

  /** Whether the app acts on a value bound to this name (a variable, a parameter, a destructured element). */
  function boundActsOn(name: ts.BindingName, depth: number, seen: Set<ts.Node>): boolean {
    if (!ts.isIdentifier(name)) return false;
    const symbol = checker.getSymbolAtLocation(name);
    return (symbol ? references.get(symbol) ?? [] : []).some((use) => use !== name && actsOn(use, depth, seen));
  }

  const record = (symbol: ts.Symbol | undefined, node: ts.Node, acted: () => boolean) => {
    if (!symbol) return;
    const found = new Set<string>();
    for (const s of [symbol, ...checker.getRootSymbols(symbol)]) {
      for (const declaration of s.declarations ?? []) {
        const field = schemaFieldOf(declaration);
        if (field) found.add(field);
      }
    }
    if (found.size === 0) return;
    const acts = acted();
    for (const field of found) {
      fields.add(field);
      if (acts) actedOn.add(field);
      if (!at.has(field)) at.set(field, where(node));
    }
  };

  for (const file of files) {
    (function visit(node: ts.Node) {
      if (ts.isPropertyAccessExpression(node)) {
        record(checker.getSymbolAtLocation(node.name), node, () => actsOn(node, 0, new Set()));
      } else if (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression)) {
        record(checker.getSymbolAtLocation(node.argumentExpression), node, () => actsOn(node, 0, new Set()));
      } else if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
        const key = node.propertyName ?? node.name;
        if (ts.isIdentifier(key) || ts.isStringLiteral(key)) {
          record(checker.getTypeAtLocation(node.parent).getProperty(key.text), node, () => boundActsOn(node.name, 0, new Set()));
        }
      }
      ts.forEachChild(node, visit);
    })(file);
  }
  return { fields, actedOn, at };
}
