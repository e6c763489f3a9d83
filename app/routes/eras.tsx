import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, useLoaderData, Link } from "@remix-run/react";
import { ABOVE_THE_FOLD, EraCard } from "~/components/Cards";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { STATIONS } from "~/rules/eras";
import { COLD_CUT_PAGE_PATH } from "~/rules/episodes";
import { COLD_CUT_ART } from "~/rules/artwork";
import { PODCAST } from "~/rules/podcast";
import { ERA_DESCRIPTIONS } from "~/rules/era-descriptions";
import { COLD_CUT_FEED, eraFeed, pageMeta, SHOW_FEED } from "~/route-support/meta.server";
import { eraCard } from "~/route-support/cards.server";
import { loaderMeta } from "~/route-support/meta";

export const meta = loaderMeta;

export async function loader(args: LoaderFunctionArgs) {
  const meta = pageMeta(args, {
    title: "Episodes — The Ham Radio Show",
    description: "Fifteen years of The Ham Radio Show in four eras: GOOM Radio, MLR, PPR and UFRN.",
    path: "/eras",
    feeds: [SHOW_FEED, ...STATIONS.map(eraFeed), COLD_CUT_FEED],
  });
  return json({ eras: STATIONS.map(eraCard), meta }, { headers: cacheHeaders("publicPage") });
}
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/** docs/product.md §2 /eras: four era tiles. */
export default function Eras() {
  const { eras } = useLoaderData<typeof loader>();
  return (
    <section className="section" aria-labelledby="eras-title">
      <h1 id="eras-title">Episodes</h1>
      <p className="lede">Fifteen years, four eras. Pick one and dig in.</p>
      <ul className="era-grid era-grid--large">
        {eras.map((era, i) => (
          <li key={era.station}>
            <EraCard
              era={era}
              headingLevel={2}
              description={ERA_DESCRIPTIONS[era.station]}
              priority={i < ABOVE_THE_FOLD.eras}
            />
          </li>
        ))}
      </ul>
      <h2 className="eras-more">Also from the archive</h2>
      <ul className="era-grid era-grid--large">
        <li>
          <Link
            to={COLD_CUT_PAGE_PATH}
            className="era-card era-card--coldcut"
            style={{ ["--era" as string]: "var(--accent)" }}
          >
            <img src={COLD_CUT_ART} alt="" width="400" height="240" loading="lazy" decoding="async" />
            <span className="era-card__text">
              <h3 className="era-card__name">Cold Cut</h3>
              <span className="era-card__years">Short cuts</span>
            </span>
            <span className="era-card__description">{PODCAST.coldCutDescription}</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
