import { lazyPart } from "~/ui/lazy-part";

/** The one error view every route module exports (./RouteError.tsx): plain links until its code is there. */
export const RouteErrorBoundary = lazyPart(() => import("./RouteError").then((m) => m.RouteError));
