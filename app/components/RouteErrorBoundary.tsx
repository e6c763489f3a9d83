/** The one error view every route module exports (./RouteError.tsx), loaded when it shows. */
export { RouteErrorBoundary } from "./later-parts";
