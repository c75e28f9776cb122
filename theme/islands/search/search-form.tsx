import type { FormEvent, Ref } from 'react';
import * as TEXTS from '../../shared/texts.ts';
import { SEARCH_INPUT_ID, SEARCH_LIMITS } from './constants.ts';

interface Props {
  /** The /search URL (base URL included): the form works without JavaScript. */
  action: string;
  query?: string;
  onQuery?(query: string): void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The /search page's form. Rendered on the server as a plain GET form, and by the island with
 * the same markup, controlled, once JavaScript runs.
 */
export function SearchForm({ action, query, onQuery, inputRef }: Props) {
  // The server renders this form but never runs its handlers, and type-checks without the DOM
  // lib (tsconfig.json): the input's value is read through the one property the handler needs.
  const controlled = onQuery
    ? {
        value: query ?? '',
        onChange: (e: FormEvent<HTMLInputElement>) => onQuery((e.currentTarget as unknown as { value: string }).value),
      }
    : { defaultValue: query };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some screen readers; role=search on a form is the established landmark.
    <form
      className="search-page-form"
      role="search"
      action={action}
      method="get"
      onSubmit={onQuery ? (e) => e.preventDefault() : undefined}
    >
      <label className="visually-hidden" htmlFor={SEARCH_INPUT_ID}>
        {TEXTS.searchPlaceholder}
      </label>
      <input
        ref={inputRef}
        id={SEARCH_INPUT_ID}
        className="search-page-input"
        type="search"
        name="q"
        placeholder={TEXTS.searchPlaceholder}
        maxLength={SEARCH_LIMITS.maxQueryLength}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        {...controlled}
      />
      <button className="button search-page-submit" type="submit">
        {TEXTS.searchButton}
      </button>
    </form>
  );
}
