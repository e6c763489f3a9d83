import type { MetaFunction } from "@remix-run/node";
import { json, Link } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { ACCOUNT_DELETED_TEXT, ACCOUNT_DELETED_TITLE } from "~/rules/account-data";

export const meta: MetaFunction = () => [
  { title: `${ACCOUNT_DELETED_TITLE} — The Ham Radio Show` },
  { name: "robots", content: "noindex" },
];

/** Where "Delete my account" ends: the same words for everyone, so a public page. */
export async function loader() {
  return json(null, { headers: cacheHeaders("publicPage") });
}
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

export default function AccountDeleted() {
  return (
    <section className="auth-card" aria-labelledby="deleted-title">
      <h1 id="deleted-title">{ACCOUNT_DELETED_TITLE}</h1>
      <p className="flash flash--success" role="status">
        {ACCOUNT_DELETED_TEXT}
      </p>
      <p className="auth-links">
        <Link to="/">Back to the show</Link>
        <Link to="/privacy-policy">Privacy Policy</Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
