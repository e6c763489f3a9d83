import { Link, useLocation, useNavigation } from "@remix-run/react";
import { useListener } from "~/auth/listener";
import {
  FILTER_LABELS,
  FILTER_SIGNED_OUT,
  LIBRARY_FILTERS,
  LIBRARY_VIEWS,
  VIEW_LABELS,
  VIEW_PARAM,
  viewLink,
  withFilter,
  type LibraryFilter,
  type LibraryView,
} from "~/rules/browse";

/** The view a list shows: the one asked for while the switch is on its way, else the page's. */
export function useShownView(view: LibraryView): LibraryView {
  const navigation = useNavigation();
  const asked = navigation.location ? new URLSearchParams(navigation.location.search).get(VIEW_PARAM) : null;
  return LIBRARY_VIEWS.find((v) => v === asked) ?? view;
}

/**
 * Above a list of episodes: the filters and the grid / list switch, links both, so they work
 * without JavaScript. With it the page stays, and the player with it, and the chosen view shows
 * before the server has answered.
 */
export function BrowseControls({ view, filter }: { view: LibraryView; filter: LibraryFilter }) {
  const signedIn = Boolean(useListener());
  const { pathname, search } = useLocation();
  const shown = useShownView(view);
  return (
    <div className="browse-controls">
      {signedIn ? (
        <nav className="sort-links" aria-label="Filter episodes">
          {LIBRARY_FILTERS.map((f) => (
            <Link
              key={f}
              to={withFilter(pathname, search, f)}
              aria-current={f === filter ? "page" : undefined}
              preventScrollReset
            >
              {FILTER_LABELS[f]}
            </Link>
          ))}
        </nav>
      ) : (
        <p className="muted browse-controls__hint">
          <Link to={`/signin?redirectTo=${encodeURIComponent(`${pathname}${search}`)}`}>{FILTER_SIGNED_OUT}</Link>
        </p>
      )}
      {/* Never prefetched: following one keeps the choice. */}
      <nav className="view-toggle" aria-label="View">
        {LIBRARY_VIEWS.map((v) => (
          <Link
            key={v}
            to={viewLink(pathname, search, v)}
            rel="nofollow"
            aria-current={v === shown ? "true" : undefined}
            preventScrollReset
            replace
          >
            {VIEW_LABELS[v]}
          </Link>
        ))}
      </nav>
    </div>
  );
}
