import { SEARCH_PLACEHOLDER, SEARCH_TERM_MAX } from "~/rules/constants";

/** What the suggestions combobox takes over from the plain field it replaces. */
export interface Handover {
  value: string;
  focused: boolean;
  typed: boolean;
}

/** The search field's attributes, the same before and after the combobox takes over. */
export const searchInputProps = () =>
  ({
    type: "search",
    name: "term",
    "aria-label": "Search episodes",
    "aria-autocomplete": "list",
    autoComplete: "off",
    placeholder: SEARCH_PLACEHOLDER,
    maxLength: SEARCH_TERM_MAX,
    enterKeyHint: "search",
  }) as const;
export type SearchInputProps = ReturnType<typeof searchInputProps>;
