import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, useLoaderData } from "@remix-run/react";
import { ABOVE_THE_FOLD } from "~/components/Cards";
import { CrewCard } from "~/components/CrewCard";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { orElse } from "~/route-support/or-else";
import { pageMeta } from "~/route-support/meta.server";
import { loaderMeta } from "~/route-support/meta";

export const meta = loaderMeta;

export async function loader(args: LoaderFunctionArgs) {
  const crew = await orElse("crew", args.context.services.catalog.crew(), () => []);
  const meta = pageMeta(args, {
    title: "Crew — The Ham Radio Show",
    description: "The crew of The Ham Radio Show: hosts, producer, engineers and the voices behind the bits.",
    path: "/crew-page",
  });
  return json(
    { crew: crew.map(({ id, name, job, profileImg }) => ({ id, name, job, profileImg })), meta },
    { headers: cacheHeaders("publicPage") },
  );
}
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/** docs/product.md §2 /crew-page: a grid of 250x250 crew cards; a click goes to /crew?name=<name>. */
export default function CrewPage() {
  const { crew } = useLoaderData<typeof loader>();
  return (
    <section className="section crew-page" aria-labelledby="crew-title">
      <h1 id="crew-title">The Crew</h1>
      <p className="lede">The voices behind the microphones, and the hands on the soundboard.</p>
      {crew.length ? (
        <ul className="crew-grid">
          {crew.map((c, i) => (
            <li key={c.id}>
              <CrewCard name={c.name} job={c.job} image={c.profileImg} priority={i < ABOVE_THE_FOLD.crew} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Loading...</p>
      )}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
