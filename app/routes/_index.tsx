import { useLoaderData, Link } from "@remix-run/react";
import { ABOVE_THE_FOLD, EpisodeGrid, EraCard, NewsCard } from "~/components/Cards";
import { ContinueListening, NewSince, SponsorBanner, SubscribeMenu } from "~/components/lazy-parts";
import { HeroSlider } from "~/components/HeroSlider";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { COLD_CUT_PAGE_PATH } from "~/rules/episodes";
import { loadHomePage } from "~/route-support/home-page.server";
import { loaderMeta } from "~/route-support/meta";
import { keepPageAfterRefusedWrite } from "~/route-support/revalidation";

export const meta = loaderMeta;

export const loader = loadHomePage;
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;
export const shouldRevalidate = keepPageAfterRefusedWrite;

export default function Home() {
  const { sponsors, slides, latest, eras, news, coldcut, feedUrl, continuing } = useLoaderData<typeof loader>();
  return (
    <div className="home">
      <h1 className="visually-hidden">The Ham Radio Show</h1>
      <ContinueListening items={continuing} />
      <SponsorBanner sponsors={sponsors} />
      <HeroSlider slides={slides} />

      <section className="section" aria-labelledby="latest-title">
        <div className="section-head">
          <h2 id="latest-title">Latest Episodes</h2>
          <Link to="/eras" className="section-head__more">
            All episodes <span aria-hidden="true">→</span>
          </Link>
        </div>
        <SubscribeMenu feedUrl={feedUrl} show="The Ham Radio Show" />
        <NewSince dates={latest.map((e) => e.date?.iso ?? null)} />
        <EpisodeGrid episodes={latest} label="Latest Episodes" eager={ABOVE_THE_FOLD.homeEpisodes} markNew />
      </section>

      <section className="section" aria-labelledby="eras-title">
        <h2 id="eras-title">More from Across 15+ Years</h2>
        <ul className="era-grid">
          {eras.map((era) => (
            <li key={era.station}>
              <EraCard era={era} />
            </li>
          ))}
        </ul>
      </section>

      {coldcut.length ? (
        <section className="section" aria-labelledby="coldcut-title">
          <div className="section-head">
            <h2 id="coldcut-title">Cold Cut</h2>
            <Link to={COLD_CUT_PAGE_PATH} className="section-head__more">
              All Cold Cut <span aria-hidden="true">→</span>
            </Link>
          </div>
          <EpisodeGrid episodes={coldcut} label="Cold Cut" eager={0} />
        </section>
      ) : null}

      <section className="section" aria-labelledby="bunker-title">
        <div className="section-head">
          <h2 id="bunker-title">Direct From The Bunker</h2>
          <Link to="/News" className="section-head__more">
            All news <span aria-hidden="true">→</span>
          </Link>
        </div>
        {news.length ? (
          <ul className="card-grid card-grid--news">
            {news.map((p) => (
              <li key={p.id}>
                <NewsCard post={p} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">Loading...</p>
        )}
      </section>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
