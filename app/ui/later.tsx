import { createElement, useEffect, useRef, useState, type ComponentType } from "react";
import { flushSync } from "react-dom";

const ON_SERVER = typeof document === "undefined";

/** Controls a click on which waits for the part's code, then is made again (a link with a target opens at once). */
const CLICKABLE = "button,summary,a[href]:not([target])";
const FIELDS = "input,select,textarea";
/** Fields whose text a key replaces when it is selected. */
const TEXT_FIELDS = "textarea,input:not([type=range],[type=checkbox],[type=radio])";
const FOCUSABLE = `${CLICKABLE},${FIELDS},a[href],[tabindex]`;

const all = (box: HTMLElement, selector: string) => [...box.querySelectorAll<HTMLElement>(selector)];
const valuesOf = (box: HTMLElement) => all(box, FIELDS).map((f) => (f as HTMLInputElement).value);
/** A field's value as the server rendered it (the listener may have changed it, even before hydration). */
const served = (field: HTMLElement) =>
  field instanceof HTMLSelectElement
    ? ([...field.options].find((o) => o.defaultSelected) ?? field.options[0])?.value
    : (field as HTMLInputElement).defaultValue;

/**
 * A part of a page whose code is not in the first load (ADR 008's budget, ADR 051). The server
 * renders it in full (`server`, from a `.server` module, which the browser build leaves out). In
 * the browser its code is fetched after the window's load event, or at once when a pointer or
 * the focus comes into it; until then hydration leaves the server's markup as it is: links and
 * forms work as without JavaScript, and a click on a control (held back meanwhile), a field's new
 * value and the focus are carried over to the part when it renders (a text field just focused
 * keeps the old markup until a key is typed into it or the focus leaves it). After a client
 * navigation it shows as soon as its code is there. Its box is a `display: contents` div.
 */
export function later<P extends object>(
  server: ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
  /**
   * On the server, the part's markup made once for what it depends on (ADR 057), or null to
   * render it; from the `.server` module too, so undefined in the browser.
   */
  useServerMarkup?: (props: P) => string | null,
): ComponentType<P> {
  let loaded = ON_SERVER ? server : undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  /** Hook-free after the markup is made (see later-markup.server.ts): a component of its own. */
  const MarkupOf = (props: P) => {
    const html = useServerMarkup?.(props);
    return html == null
      ? createElement("div", { className: "later" }, server && createElement(server, props))
      : createElement("div", { className: "later", dangerouslySetInnerHTML: { __html: html } });
  };
  return function Later(props: P) {
    const [Part, setPart] = useState(() => loaded);
    const box = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const el = box.current;
      if (Part || !el) return;
      const initial = all(el, FIELDS).map(served);
      const clicks: number[] = [];
      let live = true;
      let started = false;
      // A press under way finishes on the server's markup (its click is held, then made again).
      let pressing = false;
      // So does a text field just focused (Tab selects its text) until a key is typed into it: the
      // new field would get the focus but not the selection, which a number field cannot tell, and
      // the keys typed next would be added to the old value instead of replacing it.
      let selecting = false;
      let ready: ComponentType<P> | undefined;
      const swap = () => {
        if (!live || !ready || pressing) return;
        if (selecting && clicks.length === 0 && el.contains(document.activeElement)) return;
        const values = valuesOf(el);
        const focus = all(el, FOCUSABLE).indexOf(document.activeElement as HTMLElement);
        // At once: nothing the listener does can fall between this and the new markup, whose
        // own mount effects have run when it returns (a menu that closes itself opens again below).
        flushSync(() => setPart(() => ready));
        // Outside React's commit, so that each event is handled, and rendered, as a listener's.
        const now = box.current;
        if (!now) return;
        const fields = all(now, FIELDS);
        values.forEach((value, i) => {
          const field = fields[i];
          if (value === initial[i] || !field) return;
          // The prototype's setter, so that React takes the new value as typed.
          Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, value);
          field.dispatchEvent(new Event("input", { bubbles: true }));
          field.dispatchEvent(new Event("change", { bubbles: true }));
        });
        all(now, FOCUSABLE)[focus]?.focus();
        const clickable = all(now, CLICKABLE);
        for (const i of clicks) clickable[i]?.click();
      };
      const start = () => {
        if (started) return;
        started = true;
        (loading ??= load()).then(
          (part) => {
            loaded = ready = part;
            swap();
          },
          () => {
            // Without its code the part stays as without JavaScript, clicks and all.
            loading = undefined;
            el.removeEventListener("click", hold);
          },
        );
      };
      const hold = (event: MouseEvent) => {
        const target = (event.target as Element).closest(CLICKABLE);
        if (!target || !el.contains(target)) return;
        event.preventDefault();
        clicks.push(all(el, CLICKABLE).indexOf(target as HTMLElement));
        start();
        swap();
      };
      const enter = (event: FocusEvent) => {
        selecting = (event.target as Element).matches(TEXT_FIELDS);
        start();
        swap();
      };
      const leave = (event: FocusEvent) => {
        if (el.contains(event.relatedTarget as Node | null)) return;
        selecting = false;
        swap();
      };
      const typed = () => {
        selecting = false;
        swap();
      };
      const press = () => {
        pressing = true;
        start();
      };
      const release = () => {
        pressing = false;
        // After this input's click, which goes to the element pressed only if that is still there.
        setTimeout(swap);
      };
      // One signal takes every listener off again.
      const listening = new AbortController();
      const on = { signal: listening.signal };
      el.addEventListener("click", hold, on);
      el.addEventListener("pointerdown", press, on);
      el.addEventListener("focusin", enter, on);
      el.addEventListener("focusout", leave, on);
      el.addEventListener("input", typed, on);
      window.addEventListener("pointerup", release, on);
      window.addEventListener("pointercancel", release, on);
      if (document.readyState === "complete") start();
      else window.addEventListener("load", start, { once: true, signal: listening.signal });
      return () => {
        live = false;
        listening.abort();
      };
    }, [Part]);
    if (ON_SERVER && useServerMarkup) return createElement(MarkupOf, props);
    return Part
      ? createElement("div", { className: "later", ref: box, key: "part" }, createElement(Part, props))
      : createElement("div", {
          className: "later",
          ref: box,
          dangerouslySetInnerHTML: { __html: "" },
          suppressHydrationWarning: true,
        });
  };
}
