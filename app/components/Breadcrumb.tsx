import { AppLink } from "~/ui/primitives";

/** Home › the given links › the current page. */
export function Breadcrumb({ links, current }: { links: [to: string, label: string][]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        {[["/", "Home"], ...links].map(([to, label]) => (
          <li key={to}>
            <AppLink to={to}>{label}</AppLink>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
