/**
 * Whether a modal dialog is open on the page, for what moves by itself (the home slider): it
 * holds still while a dialog has the listener's attention, and goes on once the last one closes.
 */
let open = 0;
const listeners = new Set<() => void>();

export const modalOpen = () => open > 0;

/** Marks a dialog open; the returned function marks it closed (once). */
export function holdModal(): () => void {
  open += 1;
  listeners.forEach((fn) => fn());
  let released = false;
  return () => {
    if (released) return;
    released = true;
    open -= 1;
    listeners.forEach((fn) => fn());
  };
}

export function onModalChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}
