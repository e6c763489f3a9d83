import type { AppLoadContext, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { AlertMessage } from "~/components/AlertMessage";
import { EpisodeGrid } from "~/components/Cards";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/http/cache-policy";
import { orSignedOut, requireUser } from "~/http/guards.server";
import { noticeFor } from "~/rules/notices";
import { MAIL_NOT_CONFIGURED, verificationPending } from "~/rules/auth";
import { LOGOUT_EVENT } from "~/player/session-events";
import { episodeCard } from "~/route-support/cards.server";
import { DEFAULT_EPISODE_IMAGE } from "~/rules/constants";
import type { Episode } from "~/services/types";
import { episodeLink } from "~/rules/episodes";
import { LISTEN_ANCHOR } from "~/player/PlayEpisodeButton";
import { AppLink } from "~/ui/primitives";
import { formatDuration } from "~/utils/time";

export const meta: MetaFunction = () => [
  { title: "My Favorites — The Ham Radio Show" },
  { name: "robots", content: "noindex" },
];

/** docs/product.md §2 Favorites page (signed-in only): 'H.O.F: <user id>', Log Out, 'My Favorites'. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [episodes, verified, resume] = await orSignedOut(
    request,
    Promise.all([
      favoriteEpisodes(context.services, user.uid),
      context.services.accounts.isEmailVerified(user.uid),
      resumeLink(context.services, user.uid),
    ]),
  );
  return json(
    {
      uid: user.uid,
      episodes: episodes.map(episodeCard),
      // An address to confirm: a banner, and a new link on request (when this server can mail).
      unconfirmed: user.email && !verified ? user.email : null,
      mail: context.services.accountEmail.available,
      resume,
    },
    { headers: cacheHeaders("private") },
  );
}
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/** Where the listener stopped: the episode page starting at that place (its player works without JS too). */
async function resumeLink(services: AppLoadContext["services"], uid: string) {
  const sync = await services.library.activeAudioSync(uid);
  if (!sync?.AudioSrc || !sync.AudioTitle || !(sync.currentTime > 0)) return null;
  const episode = await findEpisode(services, sync.AudioTitle);
  if (!episode || episode.audioUrl !== sync.AudioSrc) return null;
  const time = Math.floor(sync.currentTime);
  return {
    title: episode.title,
    time,
    href: `${episodeLink(episode.title, episode.coldcut)}&t=${time}#${LISTEN_ANCHOR}`,
  };
}

/** An episode by title: the main series, then Cold Cut. */
async function findEpisode(services: AppLoadContext["services"], title: string): Promise<Episode | null> {
  return (
    (await services.catalog.episodeByTitle(title, "main").catch(() => null)) ??
    (await services.catalog.episodeByTitle(title, "coldcut").catch(() => null))
  );
}

/**
 * The 'My Favorites' grid: each favorite as a playable card, with the catalog's details when the
 * episode is still in it (by title, main series then Cold Cut), else from the favorite itself.
 */
async function favoriteEpisodes(services: AppLoadContext["services"], uid: string): Promise<Episode[]> {
  const favorites = await services.library.favorites(uid);
  return Promise.all(
    favorites.map(async (f) => {
      const found = await findEpisode(services, f.audioTitle);
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
        chaptersUrl: null,
        transcriptUrl: null,
      };
    }),
  );
}

export default function UserPage() {
  const { uid, episodes, unconfirmed, mail, resume } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const notice = noticeFor(params.get("notice") ?? params.get("error"));
  const loggingOut = () => window.dispatchEvent(new Event(LOGOUT_EVENT));
  return (
    <section className="section" aria-labelledby="hof-title">
      <div className="user-header">
        <h1 id="hof-title">H.O.F: {uid}</h1>
        <Form method="post" action="/logout" onSubmit={loggingOut}>
          <button type="submit" className="button button--ghost">
            Log Out
          </button>
        </Form>
      </div>
      {notice ? <AlertMessage message={notice.text} tone={notice.tone} alert={notice.tone === "error"} /> : null}
      {unconfirmed ? (
        <div className="flash flash--error" role="status">
          <p>{mail ? verificationPending(unconfirmed) : MAIL_NOT_CONFIGURED}</p>
          {mail ? (
            <Form method="post" action="/verify-email">
              <input type="hidden" name="intent" value="resend" />
              <button type="submit" className="button button--ghost">
                Send the link again
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
      {resume ? (
        <p className="resume-link">
          <AppLink to={resume.href}>
            Continue {resume.title} at {formatDuration(resume.time)}
          </AppLink>
        </p>
      ) : null}
      <h2>My Favorites</h2>
      {episodes.length ? (
        <EpisodeGrid episodes={episodes} label="My Favorites" />
      ) : (
        <p className="muted">No favorites yet. Tap the heart on any episode to keep it here.</p>
      )}
      <h2>Devices</h2>
      <Form method="post" action="/logout" onSubmit={loggingOut}>
        <input type="hidden" name="scope" value="everywhere" />
        <p className="muted">
          Signed in somewhere you no longer use, or worried someone else is? This signs out every device, this one too.
        </p>
        <button type="submit" className="button button--ghost">
          Sign out everywhere
        </button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
