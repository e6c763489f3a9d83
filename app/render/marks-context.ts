import { createContext, useContext, useEffect, useState } from "react";

type Marks = typeof import("./position-marks");

/** Server only: the marks' markup module, given by entry.server, so a render has it at once. */
export const MarksModule = createContext<Marks | null>(null);

let loaded: Marks | null = null;
let loading: Promise<Marks> | undefined;

/**
 * The module that writes a listener's marks (utils/position-marks.ts). The browser loads it after
 * hydration, only for a signed-in listener: until then a mark renders no markup of its own and
 * keeps the server's (React leaves a hydrated element's inner HTML as it is), so the first load
 * carries none of it.
 */
export function useMarks(wanted: boolean): Marks | null {
  const server = useContext(MarksModule);
  const [marks, setMarks] = useState(loaded);
  useEffect(() => {
    if (server || marks || !wanted) return;
    void (loading ??= import("./position-marks").then((m) => (loaded = m))).then(setMarks);
  }, [server, marks, wanted]);
  return server ?? marks;
}
