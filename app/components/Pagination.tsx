import { AppLink } from "~/ui/primitives";

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
        <AppLink to={link(page - 1)} rel="prev">
          {prev}
        </AppLink>
      ) : (
        <span />
      )}
      <span>
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <AppLink to={link(page + 1)} rel="next">
          {next}
        </AppLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
