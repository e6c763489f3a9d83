import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { AlertMessage } from "~/components/AlertMessage";
import { EpisodeGrid } from "~/components/Cards";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/http/cache-policy";
import { orSignedOut, requireUser } from "~/http/guards.server";
import { noticeFor } from "~/rules/notices";
import { LOGOUT_EVENT } from "~/player/session-events";
import { favoriteEpisodes } from "~/services/favorites-page.server";
import { episodeCard } from "~/services/cards.server";

export const meta: MetaFunction = () => [{ title: "My Favorites — The Ham Radio Show" }, { name: "robots", content: "noindex" }];

/** SPEC §2 Favorites page (signed-in only): 'H.O.F: <user id>', Log Out, 'My Favorites'. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const episodes = await orSignedOut(request, favoriteEpisodes(context.services, user.uid));
  return json({ uid: user.uid, episodes: episodes.map(episodeCard) }, { headers: cacheHeaders("private") });
}
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

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
