import { useRouteLoaderData } from "@remix-run/react";
import type { RootListener, RootData } from "~/services/types";

let last: { text: string; listener: RootListener | null } | undefined;

/** The signed-in listener of the root data, or null; read once per new text (every heart asks). */
export function useListener(): RootListener | null {
  const text = useRouteLoaderData<RootData>("root")?.listener;
  if (!text) return null;
  if (last?.text !== text) last = { text, listener: JSON.parse(text) as RootListener | null };
  return last.listener;
}
