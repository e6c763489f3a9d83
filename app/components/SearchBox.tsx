import { lazy, startTransition, Suspense, useEffect, useRef, useState } from "react";
import { whenLoadedAndIdle } from "~/ui/after-load";
import { searchInputProps, type Handover } from "./search-input";

const SearchCombobox = lazy(() => import("./SearchCombobox"));

/**
 * The nav bar's search field. Server-rendered and in the first load as a plain field of its form
 * (all it is without JavaScript); the suggestions combobox loads after the load event, or at
 * once when the field gets focus, and replaces it with the same markup.
 */
export function SearchBox({ id, defaultValue }: { id: string; defaultValue: string }) {
  const [enhanced, setEnhanced] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  // A transition keeps the plain field on screen (and focused) until the combobox has loaded.
  const enhance = () => startTransition(() => setEnhanced(true));
  useEffect(() => whenLoadedAndIdle(enhance), []);

  // The plain field's last state, kept by its events: it is gone by the time the combobox reads it.
  const last = useRef<Handover>({ value: defaultValue, focused: false, typed: false });
  const handover = (): Handover => {
    const el = field.current;
    if (el)
      last.current = { value: el.value, focused: document.activeElement === el, typed: el.value !== defaultValue };
    // Removed while focused, focus falls to the body; anywhere else, the listener moved on.
    else if (document.activeElement && document.activeElement !== document.body)
      last.current = { ...last.current, focused: false };
    return last.current;
  };

  const listId = `${id}-suggestions`;
  const plain = (
    <div className="combobox">
      <input
        {...searchInputProps()}
        role="combobox"
        aria-controls={listId}
        ref={field}
        aria-expanded={false}
        defaultValue={defaultValue}
        onFocus={() => {
          handover();
          enhance();
        }}
        onInput={handover}
      />
      <ul id={listId} role="listbox" aria-label="Suggestions" className="combobox__list" hidden />
      <p className="visually-hidden" role="status" aria-live="polite" />
    </div>
  );
  // One boundary throughout, so the transition leaves the plain field in place until the swap.
  return (
    <Suspense fallback={plain}>
      {enhanced ? <SearchCombobox id={id} handover={handover} inputProps={searchInputProps()} /> : plain}
    </Suspense>
  );
}
