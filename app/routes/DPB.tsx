import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { bingoBoard } from "~/rules/bingo";
import { orElse } from "~/route-support/or-else";
import { pageMeta } from "~/route-support/meta.server";
import { loaderMeta } from "~/route-support/meta";

export const meta = loaderMeta;

export async function loader(args: LoaderFunctionArgs) {
  const picks = await orElse("bingo", args.context.services.catalog.bingoPicks(), () => []);
  const meta = pageMeta(args, {
    title: "Deadpool Bingo — The Ham Radio Show",
    description: "Deadpool Bingo: the crew's picks and points.",
    path: "/DPB",
  });
  return json({ board: bingoBoard(picks), meta }, { headers: cacheHeaders("publicPage") });
}
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/** docs/product.md §2 /DPB Deadpool Bingo: the crew's picks; §5 points = entries whose status is DEAD. */
export default function DeadpoolBingo() {
  const { board } = useLoaderData<typeof loader>();
  return (
    <section className="section" aria-labelledby="dpb-title">
      <h1 id="dpb-title">Deadpool Bingo</h1>
      <p className="lede">The crew's picks. One point for every pick marked DEAD.</p>
      {board.length ? (
        <ol className="bingo-board">
          {board.map((entry) => (
            <li key={entry.name} className="bingo-card">
              <h2>
                {entry.name}{" "}
                <span className="bingo-card__points">
                  {entry.points} {entry.points === 1 ? "point" : "points"}
                </span>
              </h2>
              <ul>
                {entry.picks.map((p) => (
                  <li key={p.pick} className={p.dead ? "pick pick--dead" : "pick"}>
                    <span>{p.pick}</span> <span className="pick__status">{p.status}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">Loading...</p>
      )}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
