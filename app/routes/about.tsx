import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, useLoaderData, Link } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { ERAS, STATIONS, eraLink } from "~/rules/eras";
import { ERA_DESCRIPTIONS } from "~/rules/era-descriptions";
import { pageMeta } from "~/route-support/meta.server";
import { loaderMeta } from "~/route-support/meta";

export const meta = loaderMeta;

export async function loader(args: LoaderFunctionArgs) {
  const meta = pageMeta(args, {
    title: "About — The Ham Radio Show",
    description:
      "The history of The Ham Radio Show from GOOM Radio to UFRN, what the press said, and the crew on video.",
    path: "/about",
  });
  return json(
    { videoUrl: args.context.services.publicConfig.aboutVideoUrl, meta },
    { headers: cacheHeaders("publicPage") },
  );
}
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

const PRESS = [
  { quote: "Three hours of chaos that somehow always lands the punchline.", source: "The Weekly Dial (fictional)" },
  {
    quote: "The rare internet show whose archive is better than most stations' live output.",
    source: "Signal & Noise Review (fictional)",
  },
  { quote: "Equal parts call-in show, comedy club and group therapy.", source: "Podcast Almanac (fictional)" },
];

/** docs/product.md §1 About: history of the show, press quotes, a video. (Its wording is ours.) */
export default function About() {
  const { videoUrl } = useLoaderData<typeof loader>();
  return (
    <article className="section about">
      <h1>About the show</h1>
      <p className="lede">
        The Ham Radio Show has been on the air, in one form or another, for more than fifteen years: a live call-in talk
        show broadcast from a room we call the Bunker, with an archive of thousands of hours.
      </p>
      <h2>Fifteen years in four eras</h2>
      <ol className="timeline">
        {STATIONS.map((s) => (
          <li key={s}>
            <h3>
              <Link to={eraLink(s)}>{s}</Link> <span className="muted">{ERAS[s].years}</span>
            </h3>
            <p>{ERA_DESCRIPTIONS[s]}</p>
          </li>
        ))}
      </ol>
      <h2>What people say</h2>
      <div className="press">
        {PRESS.map((p) => (
          <figure key={p.source}>
            <blockquote>“{p.quote}”</blockquote>
            <figcaption>— {p.source}</figcaption>
          </figure>
        ))}
      </div>
      <h2>A look inside the Bunker</h2>
      <video
        className="about__video"
        src={videoUrl}
        controls
        preload="metadata"
        width="960"
        height="540"
        poster="/media/img/about/bunker-studio.svg"
        aria-describedby="about-video-note"
      >
        Your browser can't play this video. <a href={videoUrl}>Download it</a>.
      </video>
      <p id="about-video-note" className="muted">
        The Bunker tour, with the first seconds of an episode.
      </p>
    </article>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
