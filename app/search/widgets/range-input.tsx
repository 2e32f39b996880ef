import { useId, useState, type FormEvent } from "react";
import { useRange } from "react-instantsearch-core";
import { SEARCH_TEXTS } from "../texts";
import { rangeParams } from "../widget-params";
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
 * would silently ignore it). Max may not be lower than min (docs/requirements.md §6.4).
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

interface BoundInputProps {
  /** The widget's id: the input's is `${id}-${name}`. */
  id: string;
  name: "min" | "max";
  label: string;
  /** The facet's bounds: the input's own is its placeholder, shown when nothing is typed. */
  range: { min: Bound; max: Bound };
  value: string;
  disabled: boolean;
  /** The error message's id, when there is one. */
  errorId: string | undefined;
  onChange: (value: string) => void;
}

/** One bound of the range: a whole number within the facet's bounds, its label read by screen readers. */
function BoundInput({ id, name, label, range, value, disabled, errorId, onChange }: BoundInputProps) {
  return (
    <>
      <label htmlFor={`${id}-${name}`} className="visually-hidden">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type="number"
        inputMode="numeric"
        min={range.min}
        max={range.max}
        step={1}
        placeholder={range[name] === undefined ? "" : String(range[name])}
        value={value}
        disabled={disabled}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </>
  );
}

/** Two numbers, "to" between them, and "Go". */
export function RangeInput({ attribute }: { attribute: string }) {
  const { start, range, refine, canRefine } = useRange(rangeParams(attribute));
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

  // What the two bounds share.
  const bound = { id, range, disabled: !canRefine, errorId: error ? errorId : undefined };
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
            <BoundInput
              {...bound}
              name="min"
              label={SEARCH_TEXTS.rangeMinLabel}
              value={minText}
              onChange={(min) => setTyped({ min, max: maxText })}
            />
            <span className="range-separator">{SEARCH_TEXTS.rangeSeparator}</span>
            <BoundInput
              {...bound}
              name="max"
              label={SEARCH_TEXTS.rangeMaxLabel}
              value={maxText}
              onChange={(max) => setTyped({ min: minText, max })}
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
