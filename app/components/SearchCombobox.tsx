import { useNavigate } from "@remix-run/react";
import { Fragment, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { SUGGEST_DEBOUNCE_MS, SUGGEST_MIN_LENGTH, suggestionCountText, suggestionsLink } from "~/rules/search";
import type { Suggestion } from "~/services/types";
import type { Handover, SearchInputProps } from "./search-input";

/**
 * The search box with suggestions as a listener types (WAI-ARIA combobox with a listbox popup):
 * arrows move through the suggestions, Enter opens the one chosen (or searches), Escape closes
 * the list, then clears the box. Without JavaScript it is a plain search field of its form.
 * Asks after a pause in typing; a newer keystroke cancels the request still out. Loaded after the
 * first load (ADR 008): it takes over the plain field's text and focus.
 */
export default function SearchCombobox({
  id,
  handover,
  inputProps,
}: {
  id: string;
  handover: () => Handover;
  inputProps: SearchInputProps;
}) {
  const [initial] = useState(handover);
  const [value, setValue] = useState(initial.value);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const request = useRef<AbortController | null>(null);

  const cancel = () => {
    clearTimeout(timer.current);
    request.current?.abort();
  };
  useEffect(() => cancel, []);

  const input = useRef<HTMLInputElement>(null);
  // Read again once this field is on screen: keys pressed while it rendered went to the plain one.
  useLayoutEffect(() => {
    const now = handover();
    if (!input.current) return;
    if (now.value !== initial.value) {
      input.current.value = now.value;
      setValue(now.value);
    }
    if (!now.focused) return;
    input.current.focus();
    input.current.setSelectionRange(now.value.length, now.value.length);
    if (now.typed) ask(now.value);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const ask = (term: string) => {
    cancel();
    if (term.trim().length < SUGGEST_MIN_LENGTH) {
      setItems([]);
      setStatus("");
      close();
      return;
    }
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      request.current = controller;
      try {
        const response = await fetch(suggestionsLink(term.trim()), { signal: controller.signal });
        if (!response.ok) return;
        const { suggestions } = (await response.json()) as { suggestions: Suggestion[] };
        setItems(suggestions);
        setActive(-1);
        setOpen(suggestions.length > 0);
        setStatus(suggestionCountText(suggestions.length));
      } catch {
        // Cancelled by a newer keystroke, or offline: the form still searches on Enter.
      }
    }, SUGGEST_DEBOUNCE_MS);
  };

  const go = (s: Suggestion) => {
    cancel();
    close();
    navigate(s.href);
  };

  const expanded = open && items.length > 0;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const n = items.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (n === 0) return;
      event.preventDefault();
      const down = event.key === "ArrowDown";
      setOpen(true);
      setActive((a) => (down ? (a + 1) % n : a <= 0 ? n - 1 : a - 1));
    } else if (event.key === "Enter" && open && active >= 0) {
      event.preventDefault();
      go(items[active]!);
    } else if (event.key === "Escape" && (expanded || value)) {
      // A search field clears itself on Escape; the first Escape only closes the list. An empty,
      // closed box leaves Escape to the menu around it.
      event.preventDefault();
      if (expanded) close();
      else {
        cancel();
        setValue("");
        setItems([]);
      }
    }
  };

  const listId = `${id}-suggestions`;
  const optionId = (i: number) => `${id}-suggestion-${i}`;
  return (
    <div className="combobox">
      <input
        {...inputProps}
        role="combobox"
        aria-controls={listId}
        ref={input}
        aria-expanded={expanded}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          ask(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        onFocus={() => setOpen(items.length > 0)}
      />
      <ul id={listId} role="listbox" aria-label="Suggestions" className="combobox__list" hidden={!expanded}>
        {items.map((s, i) => (
          // The input keeps focus (aria-activedescendant): a pointer picks without blurring it.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the input handles the keys
          <li
            key={s.href}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className="combobox__option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(s)}
          >
            {s.title.map((part, j) => (j % 2 ? <mark key={j}>{part}</mark> : <Fragment key={j}>{part}</Fragment>))}
            {s.coldcut ? <span className="combobox__tag"> · Cold Cut</span> : null}
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
