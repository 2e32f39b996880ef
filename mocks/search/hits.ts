import type { SearchParams } from "./params.ts";
import { SEARCHABLE_ATTRIBUTES } from "./settings.ts";
import { type Highlight, type QueryWord, type Snippet, highlight, snippet } from "./text.ts";
import type { OrganisationRecord } from "./types.ts";

// What a hit shows of its record: the attributes retrieved, and the highlighted and
// snippeted searchable attributes.

export function project(record: OrganisationRecord, attributes: readonly string[]): Record<string, unknown> {
  const all = attributes.includes("*");
  const excluded = new Set(attributes.filter((a) => a.startsWith("-")).map((a) => a.slice(1)));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === "objectID" || (all ? !excluded.has(key) : attributes.includes(key))) out[key] = value;
  }
  return out;
}

export function highlights(record: OrganisationRecord, params: SearchParams, words: QueryWord[]): Record<string, Highlight> {
  const requested = params.attributesToHighlight ?? ["*"];
  const attributes = requested.includes("*") ? SEARCHABLE_ATTRIBUTES : SEARCHABLE_ATTRIBUTES.filter((a) => requested.includes(a));
  const out: Record<string, Highlight> = {};
  for (const attribute of attributes) {
    const value = record[attribute];
    if (typeof value === "string") out[attribute] = highlight(value, words, params.highlightPreTag, params.highlightPostTag);
  }
  return out;
}

export function snippets(record: OrganisationRecord, params: SearchParams, words: QueryWord[]): Record<string, Snippet> {
  const out: Record<string, Snippet> = {};
  for (const { attribute, words: length } of params.attributesToSnippet) {
    const targets = attribute === "*" ? (Object.keys(record) as (keyof OrganisationRecord)[]) : [attribute as keyof OrganisationRecord];
    for (const target of targets) {
      const value = record[target];
      if (typeof value === "string" && target !== "objectID") {
        out[target] = snippet(value, words, params.highlightPreTag, params.highlightPostTag, length, params.snippetEllipsisText);
      }
    }
  }
  return out;
}
