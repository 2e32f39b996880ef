import { badRequest } from "./errors.ts";
import { checkFacetName, type FilterList } from "./params.ts";

// The three ways Algolia takes filters, parsed into one tree the engine evaluates with
// bitsets: facetFilters (["a:x", ["b:y", "b:z"]] = a:x AND (b:y OR b:z), "a:-x" negates),
// numericFilters (["size>=100", "size<=500"], "size:100 TO 500"), tagFilters, and the
// `filters` string (attr:value, attr:"quoted value", attr > 3, attr:1 TO 5, AND, OR, NOT,
// parentheses), which is what InstantSearch's <Configure filters> sends.

export type NumericOperator = "<" | "<=" | "=" | "!=" | ">=" | ">";

export type FilterNode =
  | { type: "all" }
  | { type: "facet"; attribute: string; value: string }
  | { type: "numeric"; attribute: string; operator: NumericOperator; value: number }
  | { type: "range"; attribute: string; from: number; to: number }
  | { type: "tag"; value: string }
  | { type: "and"; children: FilterNode[] }
  | { type: "or"; children: FilterNode[] }
  | { type: "not"; child: FilterNode };

const NUMBER = "-?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?";
const NUMERIC_COMPARISON = new RegExp(`^\\s*([^\\s<>=!:]+)\\s*(<=|>=|!=|<|>|=)\\s*(${NUMBER})\\s*$`);
const NUMERIC_RANGE = new RegExp(`^\\s*([^\\s<>=!:]+)\\s*:\\s*(${NUMBER})\\s+TO\\s+(${NUMBER})\\s*$`);

const not = (child: FilterNode): FilterNode => ({ type: "not", child });

function list(items: FilterList, parse: (item: string) => FilterNode): FilterNode {
  if (items.length === 0) return { type: "all" };
  return {
    type: "and",
    children: items.map((item) => (typeof item === "string" ? parse(item) : { type: "or", children: item.map(parse) })),
  };
}

/** "attr:value", "attr:-value" (negated), "attr:\-value" (a value starting with "-"). */
export function parseFacetFilter(filter: string): FilterNode {
  const colon = filter.indexOf(":");
  if (colon <= 0) throw badRequest(`Invalid syntax for facetFilters: ${JSON.stringify(filter)} (expected attribute:value)`);
  const attribute = filter.slice(0, colon).trim();
  checkFacetName(attribute, "facetFilters");
  let value = filter.slice(colon + 1);
  let negated = false;
  if (value.startsWith("-")) {
    negated = true;
    value = value.slice(1);
  } else if (value.startsWith("\\-")) value = value.slice(1);
  const node: FilterNode = { type: "facet", attribute, value };
  return negated ? not(node) : node;
}

export function parseNumericFilter(filter: string): FilterNode {
  const range = NUMERIC_RANGE.exec(filter);
  if (range) {
    checkFacetName(range[1]!, "numericFilters");
    return { type: "range", attribute: range[1]!, from: Number(range[2]), to: Number(range[3]) };
  }
  const comparison = NUMERIC_COMPARISON.exec(filter);
  if (!comparison) throw badRequest(`Invalid syntax for numericFilters: ${JSON.stringify(filter)} (expected attribute<operator>number or attribute:from TO to)`);
  checkFacetName(comparison[1]!, "numericFilters");
  return { type: "numeric", attribute: comparison[1]!, operator: comparison[2] as NumericOperator, value: Number(comparison[3]) };
}

function parseTagFilter(filter: string): FilterNode {
  return filter.startsWith("-") ? not({ type: "tag", value: filter.slice(1) }) : { type: "tag", value: filter };
}

export const facetFiltersNode = (items: FilterList) => list(items, parseFacetFilter);
export const numericFiltersNode = (items: FilterList) => list(items, parseNumericFilter);
export const tagFiltersNode = (items: FilterList) => list(items, parseTagFilter);

// ---- the `filters` string ----

type Token =
  | { kind: "word"; text: string; quoted: boolean }
  | { kind: "op"; text: "(" | ")" | ":" | NumericOperator };

function lex(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "(" || c === ")" || c === ":") {
      tokens.push({ kind: "op", text: c });
      i++;
    } else if (c === "<" || c === ">" || c === "!" || c === "=") {
      const two = input.slice(i, i + 2);
      if (two === "<=" || two === ">=" || two === "!=") {
        tokens.push({ kind: "op", text: two });
        i += 2;
      } else if (c === "!") {
        throw badRequest(`filters: unexpected "!" at position ${i + 1}`);
      } else {
        tokens.push({ kind: "op", text: c as NumericOperator });
        i++;
      }
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      let text = "";
      while (j < input.length && input[j] !== c) {
        if (input[j] === "\\" && j + 1 < input.length) j++;
        text += input[j];
        j++;
      }
      if (j >= input.length) throw badRequest(`filters: unterminated string starting at position ${i + 1}`);
      tokens.push({ kind: "word", text, quoted: true });
      i = j + 1;
    } else {
      let j = i;
      while (j < input.length && !/[\s():<>=!"']/.test(input[j]!)) j++;
      tokens.push({ kind: "word", text: input.slice(i, j), quoted: false });
      i = j;
    }
  }
  return tokens;
}

/** Parses Algolia's `filters` syntax; an empty string filters nothing out. */
export function parseFiltersString(input: string): FilterNode {
  if (input.trim() === "") return { type: "all" };
  const tokens = lex(input);
  let position = 0;
  const peek = () => tokens[position];
  const isKeyword = (t: Token | undefined, keyword: string) => t?.kind === "word" && !t.quoted && t.text === keyword;
  const fail = (what: string): never => {
    const t = peek();
    throw badRequest(`filters: ${what}${t ? ` near ${JSON.stringify(t.text)}` : " at the end"}`);
  };

  function parseOr(): FilterNode {
    const children = [parseAnd()];
    while (isKeyword(peek(), "OR")) {
      position++;
      children.push(parseAnd());
    }
    return children.length === 1 ? children[0]! : { type: "or", children };
  }
  function parseAnd(): FilterNode {
    const children = [parseUnary()];
    while (isKeyword(peek(), "AND")) {
      position++;
      children.push(parseUnary());
    }
    return children.length === 1 ? children[0]! : { type: "and", children };
  }
  function parseUnary(): FilterNode {
    const t = peek();
    if (isKeyword(t, "NOT")) {
      position++;
      return not(parseUnary());
    }
    if (t?.kind === "op" && t.text === "(") {
      position++;
      const inner = parseOr();
      const close = peek();
      if (close?.kind !== "op" || close.text !== ")") fail('expected ")"');
      position++;
      return inner;
    }
    return parseTerm();
  }
  function number(): number {
    const t = peek();
    if (t?.kind !== "word" || !new RegExp(`^${NUMBER}$`).test(t.text)) return fail("expected a number");
    position++;
    return Number(t.text);
  }
  function parseTerm(): FilterNode {
    const t = peek();
    if (t?.kind !== "word") return fail("expected an attribute");
    position++;
    const attribute = t.text;
    const op = peek();
    if (op?.kind !== "op" || op.text === "(" || op.text === ")") return fail(`expected ":" or a comparison after ${JSON.stringify(attribute)}`);
    position++;
    if (attribute === "_tags" && op.text === ":") {
      const v = peek();
      if (v?.kind !== "word") return fail("expected a tag");
      position++;
      return { type: "tag", value: v.text };
    }
    checkFacetName(attribute, "filters");
    if (op.text !== ":") return { type: "numeric", attribute, operator: op.text, value: number() };
    const value = peek();
    if (value?.kind !== "word") return fail("expected a value");
    position++;
    if (!value.quoted && isKeyword(peek(), "TO")) {
      position++;
      const from = Number(value.text);
      if (!Number.isFinite(from)) fail("expected a number before TO");
      return { type: "range", attribute, from, to: number() };
    }
    return { type: "facet", attribute, value: value.text };
  }

  const node = parseOr();
  if (position < tokens.length) fail("unexpected token");
  return node;
}
