import { Link } from "@remix-run/react";

/** Previous / "Page n of m" / next, as links to `link(page)`; nothing when there is one page. */
export function Pagination({
  page,
  pageCount,
  link,
  prev,
  next,
}: {
  page: number;
  pageCount: number;
  link: (page: number) => string;
  prev: string;
  next: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      {page > 1 ? (
        <Link to={link(page - 1)} rel="prev">
          {prev}
        </Link>
      ) : (
        <span />
      )}
      <span>
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={link(page + 1)} rel="next">
          {next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
