import { useRouteLoaderData } from "@remix-run/react";
import type { RootListener, RootData } from "~/services/types";

/** The signed-in listener of the root data, or null. */
export function useListener(): RootListener | null {
  return useRouteLoaderData<RootData>("root")?.listener ?? null;
}
