import { useId, useState, type FormEvent } from "react";
import { useRange } from "react-instantsearch-core";
import { SEARCH_TEXTS } from "../texts";
import { Facet } from "./facet";

type Bound = number | undefined;

/** Parses a typed bound: blank means no bound; otherwise a whole number. */
export function parseBound(value: string): Bound | "invalid" {
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  if (!/^\d{1,9}$/.test(trimmed)) return "invalid";
  return Number(trimmed);
}

/**
 * Checks the typed range and fits it into the facet's bounds (outside them instantsearch.js
 * would silently ignore it). Max may not be lower than min (SPEC §5).
 */
export function resolveRange(
  minText: string,
  maxText: string,
  bounds: { min: Bound; max: Bound },
): { ok: true; value: [Bound, Bound] } | { ok: false; error: string } {
  const min = parseBound(minText);
  const max = parseBound(maxText);
  if (min === "invalid" || max === "invalid") return { ok: false, error: "Enter whole numbers." };
  if (min !== undefined && max !== undefined && max < min) return { ok: false, error: SEARCH_TEXTS.rangeMaxBelowMin };
  const clamp = (n: Bound) =>
    n === undefined ? undefined : Math.min(Math.max(n, bounds.min ?? n), bounds.max ?? n);
  return { ok: true, value: [clamp(min), clamp(max)] };
}

function show(value: Bound, bound: Bound) {
  return value === undefined || value === bound ? "" : String(value);
}

/** Two numbers, "to" between them, and "Go". */
export function RangeInput({ attribute }: { attribute: string }) {
  const { start, range, refine, canRefine } = useRange({ attribute });
  const refinedMin = Number.isFinite(start[0]) ? start[0] : undefined;
  const refinedMax = Number.isFinite(start[1]) ? start[1] : undefined;
  const id = useId();
  const [typed, setTyped] = useState<{ min: string; max: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const minText = typed?.min ?? show(refinedMin, range.min);
  const maxText = typed?.max ?? show(refinedMax, range.max);
  const errorId = `${id}-error`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const resolved = resolveRange(minText, maxText, range);
    if (!resolved.ok) {
      setError(resolved.error);
      return;
    }
    setError(null);
    setTyped(null);
    refine(resolved.value);
  }

  const describedBy = error ? errorId : undefined;
  return (
    <Facet attribute={attribute} className="range-input">
      {(headingId) => (
        <form className="range-form" onSubmit={submit} noValidate aria-labelledby={headingId}>
          {error ? (
            <p id={errorId} className="field-error">
              <span className="visually-hidden">Error: </span>
              {error}
            </p>
          ) : null}
          <div className="range-fields">
            <label htmlFor={`${id}-min`} className="visually-hidden">
              {SEARCH_TEXTS.rangeMinLabel}
            </label>
            <input
              id={`${id}-min`}
              name="min"
              type="number"
              inputMode="numeric"
              min={range.min}
              max={range.max}
              step={1}
              placeholder={range.min === undefined ? "" : String(range.min)}
              value={minText}
              disabled={!canRefine}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => setTyped({ min: event.currentTarget.value, max: maxText })}
            />
            <span className="range-separator">{SEARCH_TEXTS.rangeSeparator}</span>
            <label htmlFor={`${id}-max`} className="visually-hidden">
              {SEARCH_TEXTS.rangeMaxLabel}
            </label>
            <input
              id={`${id}-max`}
              name="max"
              type="number"
              inputMode="numeric"
              min={range.min}
              max={range.max}
              step={1}
              placeholder={range.max === undefined ? "" : String(range.max)}
              value={maxText}
              disabled={!canRefine}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => setTyped({ min: minText, max: event.currentTarget.value })}
            />
            <button type="submit" className="secondary-button" disabled={!canRefine}>
              {SEARCH_TEXTS.rangeGo}
            </button>
          </div>
        </form>
      )}
    </Facet>
  );
}
