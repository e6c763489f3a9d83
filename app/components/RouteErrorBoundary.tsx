/** The one error view every route module exports (./RouteError.tsx). */
export { RouteError as RouteErrorBoundary } from "./RouteError";
