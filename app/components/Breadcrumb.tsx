import { Link } from "@remix-run/react";

/** Home › the given links › the current page. */
export function Breadcrumb({ links, current }: { links: [to: string, label: string][]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        {[["/", "Home"], ...links].map(([to, label]) => (
          <li key={to}>
            <Link to={to}>{label}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
