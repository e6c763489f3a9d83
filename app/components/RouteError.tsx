import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { LOADING_TEXT, NOT_FOUND_TEXT, NOT_FOUND_TITLE } from "~/rules/constants";

/**
 * The one error view every route module exports: 404 → the spec's NOT FOUND page; 400 → the
 * clear message the route threw (the router's own 4xx, a plain one) (also 503: a service it needs is unavailable); the 200 `stillLoading()` page (a remote source failed, no
 * copy) → docs/product.md §8 'Loading...'; anything else → a generic message (no stack trace).
 * Rendered inside the root layout, so the player never unmounts. Loaded later (./RouteErrorBoundary.tsx).
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status === 200) {
    return (
      <section className="section" aria-busy="true">
        <p className="muted" role="status">
          {LOADING_TEXT}
        </p>
      </section>
    );
  }
  if (isRouteErrorResponse(error) && ((error.status >= 400 && error.status < 500) || error.status === 503)) {
    // The router's own refusals (a POST where no action is, a `_data` naming another route) carry
    // its internals (route ids) in their text: those say only what went wrong.
    const internal = (error as { internal?: boolean }).internal === true;
    const message = internal
      ? error.status === 405
        ? "This page doesn't take form submissions."
        : "This request could not be handled."
      : typeof error.data === "string" && error.data
        ? error.data
        : error.statusText || "Bad request";
    return (
      <section className="error-page" aria-labelledby="error-title">
        <h1 id="error-title">That didn't work</h1>
        <p role="alert">{message}</p>
        <p>
          <Link to="/">Back to the home page</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">Something went wrong</h1>
      <p role="alert">We hit a snag loading this page. Please try again in a moment.</p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </section>
  );
}

/** docs/product.md §2 Not-found page. */
export function NotFound() {
  return (
    <section className="error-page not-found" aria-labelledby="nf-title">
      <h1 id="nf-title">{NOT_FOUND_TITLE}</h1>
      <p>{NOT_FOUND_TEXT}</p>
      <p>
        <Link to="/">Take me home</Link> or <Link to="/eras">browse the episodes</Link>.
      </p>
    </section>
  );
}
