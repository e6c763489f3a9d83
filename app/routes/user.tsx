import type { AppLoadContext, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { AlertMessage } from "~/components/AlertMessage";
import { EpisodeGrid } from "~/components/Cards";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/http/cache-policy";
import { orSignedOut, requireUser } from "~/http/guards.server";
import { noticeFor } from "~/rules/notices";
import { LOGOUT_EVENT } from "~/player/session-events";
import { episodeCard } from "~/route-support/cards.server";
import { DEFAULT_EPISODE_IMAGE } from "~/rules/constants";
import type { Episode } from "~/services/types";

export const meta: MetaFunction = () => [
  { title: "My Favorites — The Ham Radio Show" },
  { name: "robots", content: "noindex" },
];

/** docs/product.md §2 Favorites page (signed-in only): 'H.O.F: <user id>', Log Out, 'My Favorites'. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const episodes = await orSignedOut(request, favoriteEpisodes(context.services, user.uid));
  return json({ uid: user.uid, episodes: episodes.map(episodeCard) }, { headers: cacheHeaders("private") });
}
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/**
 * The 'My Favorites' grid: each favorite as a playable card, with the catalog's details when the
 * episode is still in it (by title, main series then Cold Cut), else from the favorite itself.
 */
async function favoriteEpisodes(services: AppLoadContext["services"], uid: string): Promise<Episode[]> {
  const favorites = await services.library.favorites(uid);
  return Promise.all(
    favorites.map(async (f) => {
      const found =
        (await services.catalog.episodeByTitle(f.audioTitle, "main").catch(() => null)) ??
        (await services.catalog.episodeByTitle(f.audioTitle, "coldcut").catch(() => null));
      if (found && found.audioUrl === f.audioSrc) return found;
      return {
        id: f.id,
        title: f.audioTitle,
        description: "",
        subtext: "",
        audioUrl: f.audioSrc,
        image: DEFAULT_EPISODE_IMAGE,
        backgroundImage: DEFAULT_EPISODE_IMAGE,
        pubdate: new Date(0).toISOString(),
        canbashow: false,
        era: null,
        duration: f.Duration,
        fileSize: null,
        coldcut: false,
      };
    }),
  );
}

export default function UserPage() {
  const { uid, episodes } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const notice = noticeFor(params.get("error"));
  return (
    <section className="section" aria-labelledby="hof-title">
      <div className="user-header">
        <h1 id="hof-title">H.O.F: {uid}</h1>
        <Form method="post" action="/logout" onSubmit={() => window.dispatchEvent(new Event(LOGOUT_EVENT))}>
          <button type="submit" className="button button--ghost">
            Log Out
          </button>
        </Form>
      </div>
      {notice ? <AlertMessage message={notice.text} tone={notice.tone} /> : null}
      <h2>My Favorites</h2>
      {episodes.length ? (
        <EpisodeGrid episodes={episodes} label="My Favorites" />
      ) : (
        <p className="muted">No favorites yet. Tap the heart on any episode to keep it here.</p>
      )}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
