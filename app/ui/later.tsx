import { createElement, useEffect, useRef, useState, type ComponentType } from "react";
import { flushSync } from "react-dom";

const ON_SERVER = typeof document === "undefined";

/** Controls a click on which waits for the part's code, then is made again (a link with a target opens at once). */
const CLICKABLE = "button,summary,a[href]:not([target])";
const FIELDS = "input,select,textarea";
const FOCUSABLE = `${CLICKABLE},${FIELDS},a[href],[tabindex]`;

const all = (box: HTMLElement, selector: string) => [...box.querySelectorAll<HTMLElement>(selector)];
const valuesOf = (box: HTMLElement) => all(box, FIELDS).map((f) => (f as HTMLInputElement).value);

/** What a listener did to the server's markup before the part's code came. */
interface Before {
  values: [number, string][];
  clicks: number[];
  focus: number;
}

/**
 * A part of a page whose code is not in the first load (ADR 008's budget, ADR 051). The server
 * renders it in full (`server`, from a `.server` module, which the browser build leaves out). In
 * the browser its code is fetched after the window's load event, or at once when a pointer or
 * the focus comes into it; until then hydration leaves the server's markup as it is: links and
 * forms work as without JavaScript, and a click on a control (held back meanwhile), a field's new
 * value and the focus are carried over to the part when it renders. After a client navigation
 * it shows as soon as its code is there. Its box is a `display: contents` div.
 */
export function later<P extends object>(
  server: ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let loaded = ON_SERVER ? server : undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  return function Later(props: P) {
    const [Part, setPart] = useState(() => loaded);
    const box = useRef<HTMLDivElement>(null);
    const before = useRef<Before>();
    useEffect(() => {
      const el = box.current;
      if (Part || !el) return;
      const initial = valuesOf(el);
      const clicks: number[] = [];
      let live = true;
      let started = false;
      // A press under way finishes on the server's markup (its click is held, then made again).
      let pressing = false;
      let ready: ComponentType<P> | undefined;
      const swap = () => {
        if (!live || !ready || pressing) return;
        before.current = {
          values: valuesOf(el)
            .map((v, i): [number, string] => [i, v])
            .filter(([i, v]) => v !== initial[i]),
          clicks,
          focus: all(el, FOCUSABLE).indexOf(document.activeElement as HTMLElement),
        };
        // At once: nothing the listener does can fall between the snapshot and the new markup.
        flushSync(() => setPart(() => ready));
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
      };
      const press = () => {
        pressing = true;
        start();
      };
      const release = () => {
        pressing = false;
        swap();
      };
      el.addEventListener("click", hold);
      el.addEventListener("pointerdown", press);
      el.addEventListener("focusin", start);
      window.addEventListener("pointerup", release);
      window.addEventListener("pointercancel", release);
      if (document.readyState === "complete") start();
      else window.addEventListener("load", start, { once: true });
      return () => {
        live = false;
        el.removeEventListener("click", hold);
        el.removeEventListener("pointerdown", press);
        el.removeEventListener("focusin", start);
        window.removeEventListener("pointerup", release);
        window.removeEventListener("pointercancel", release);
        window.removeEventListener("load", start);
      };
    }, [Part]);
    // After the part's own effects (a menu that closes itself when it mounts opens again here).
    useEffect(() => {
      const el = box.current;
      const was = before.current;
      if (!Part || !el || !was) return;
      before.current = undefined;
      const fields = all(el, FIELDS);
      for (const [i, value] of was.values) {
        const field = fields[i];
        if (!field) continue;
        // The prototype's setter, so that React takes the new value as the listener's.
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, value);
        field.dispatchEvent(new Event("input", { bubbles: true }));
        field.dispatchEvent(new Event("change", { bubbles: true }));
      }
      all(el, FOCUSABLE)[was.focus]?.focus();
      const clickable = all(el, CLICKABLE);
      for (const i of was.clicks) clickable[i]?.click();
    }, [Part]);
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
