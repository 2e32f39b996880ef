import { useId, useRef, useState, type ReactNode } from "react";
import { useInstantSearch, useSearchBox } from "react-instantsearch-core";
import { useMinimumPending } from "../../shell/pending";
import { SEARCH_INPUT_MAX_LENGTH } from "../constants";
import { SEARCH_TEXTS } from "../texts";
import { ClearIcon, SearchIcon } from "./icons";

/**
 * The search box: searches as you type, at most 512 characters, and shows a loading
 * indicator when the search is stalled (no answer within the stalled delay, 200 ms), for
 * 200 ms at least (docs/requirements.md §5.3).
 * Without JavaScript it is a plain GET form: `q` is the URL state's query.
 */
export function SearchBox({ children }: { children?: ReactNode }) {
  const { query, refine, clear } = useSearchBox();
  const { status } = useInstantSearch();
  const [value, setValue] = useState(query);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const inputId = `${id}-query`;
  const hintId = `${id}-hint`;

  // The query can change elsewhere (voice search, back button): follow it unless the user is typing.
  if (query !== value && typeof document !== "undefined" && document.activeElement !== inputRef.current) {
    setValue(query);
  }

  const stalled = useMinimumPending(status === "stalled");

  function change(next: string) {
    const limited = next.slice(0, SEARCH_INPUT_MAX_LENGTH);
    setValue(limited);
    refine(limited);
  }

  return (
    <form
      role="search"
      aria-label={SEARCH_TEXTS.regionLabel}
      className="search-box"
      method="get"
      noValidate
      aria-busy={stalled}
      onSubmit={(event) => {
        event.preventDefault();
        refine(value);
        inputRef.current?.blur();
      }}
      onReset={(event) => {
        event.preventDefault();
        setValue("");
        clear();
        inputRef.current?.focus();
      }}
    >
      <label htmlFor={inputId} className="search-box-label">
        {SEARCH_TEXTS.searchLabel}
      </label>
      <p id={hintId} className="visually-hidden">
        {SEARCH_TEXTS.maxLengthHint}
      </p>
      <div className="search-box-row">
        <input
          ref={inputRef}
          id={inputId}
          name="q"
          type="search"
          value={value}
          onChange={(event) => change(event.currentTarget.value)}
          placeholder={SEARCH_TEXTS.placeholder}
          maxLength={SEARCH_INPUT_MAX_LENGTH}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          aria-describedby={hintId}
        />
        {stalled ? (
          <span className="search-box-loading" data-testid="search-loading">
            <span className="spinner" aria-hidden="true" />
            <span className="visually-hidden">{SEARCH_TEXTS.loading}</span>
          </span>
        ) : null}
        <button type="reset" className="icon-button" title={SEARCH_TEXTS.resetTitle} hidden={value === ""}>
          <ClearIcon />
          <span className="visually-hidden">{SEARCH_TEXTS.resetTitle}</span>
        </button>
        <button type="submit" className="icon-button" title={SEARCH_TEXTS.submitTitle}>
          <SearchIcon />
          <span className="visually-hidden">{SEARCH_TEXTS.submitTitle}</span>
        </button>
        {children}
      </div>
    </form>
  );
}
