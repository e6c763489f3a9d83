import { useEffect } from "react";
import { useFetcher, useLocation, useMatches, Link } from "@remix-run/react";
import { HeartIcon } from "~/ui/primitives";
import { useListener } from "~/auth/listener";

/**
 * docs/product.md §2 "Cards carry a heart toggle for favorites"; docs/product.md §4 Favorites. A real form (POST
 * /favorites) that works without JS; with JS a fetcher submits it and the heart flips at once.
 * A signed-out visitor's heart leads to sign-in and back.
 */
export function FavoriteToggle({ audioSrc, title, duration }: { audioSrc: string; title: string; duration: number }) {
  const listener = useListener();
  const favorites = usePageFavorites();
  const here = useHere();
  // Signed out: a link to sign-in that comes back here.
  if (!listener) {
    return (
      <Link
        to={`/signin?redirectTo=${encodeURIComponent(here)}`}
        className="heart"
        aria-label={`Sign in to add ${title} to your favorites`}
        rel="nofollow"
      >
        <HeartIcon size={22} />
      </Link>
    );
  }
  return (
    <SavedToggle
      uid={listener.user.id}
      audioSrc={audioSrc}
      title={title}
      duration={duration}
      saved={favorites.includes(audioSrc)}
      here={here}
    />
  );
}

let sender: typeof import("~/player/page-sender") | undefined;
const loadSender = () => import("~/player/page-sender").then((m) => (sender = m));

function SavedToggle({
  uid,
  audioSrc,
  title,
  duration,
  saved,
  here,
}: {
  uid: string;
  audioSrc: string;
  title: string;
  duration: number;
  saved: boolean;
  here: string;
}) {
  const fetcher = useFetcher<{ ok?: boolean; favorite?: boolean; retry?: boolean; error?: string }>({
    key: `fav:${audioSrc}`,
  });
  const data = fetcher.data;
  // A change the server could not take now (a database blip) is kept by the page's queue of
  // unsent writes and sent again; the heart shows it meanwhile.
  useEffect(() => {
    if (data?.retry && data.favorite !== undefined)
      void loadSender().then((m) => m.keepFavorite(uid, audioSrc, title, duration, data.favorite!));
  }, [data]); // eslint-disable-line react-hooks/exhaustive-deps
  // Refused for good (the account is full, say): the heart stays as it was and says why.
  const refusal = fetcher.state === "idle" && data?.ok === false && !data.retry ? data.error : undefined;
  const pending = fetcher.formData?.get("intent");
  // A page left before the server answered cancels the fetcher's request: the change goes to the
  // queue (kept in storage, sent with keepalive and again on the next page) as the page goes. The
  // queue's code is loaded with the hearts, so that it is there when the page goes.
  useEffect(() => void (sender ?? loadSender()), []);
  useEffect(() => {
    if (pending !== "add" && pending !== "remove") return;
    const handOver = () => sender?.keepFavorite(uid, audioSrc, title, duration, pending === "add");
    window.addEventListener("pagehide", handOver);
    return () => window.removeEventListener("pagehide", handOver);
  }, [pending]); // eslint-disable-line react-hooks/exhaustive-deps
  const on = pending ? pending === "add" : (data?.favorite ?? saved);
  return (
    <fetcher.Form
      method="post"
      action="/favorites"
      className="heart-form"
      onSubmit={(e) => {
        // Mark the submission as coming from the fetcher (JSON back, no redirect).
        const js = e.currentTarget.elements.namedItem("js") as HTMLInputElement | null;
        if (js) js.value = "1";
      }}
    >
      <input type="hidden" name="intent" value={on ? "remove" : "add"} />
      <input type="hidden" name="audioSrc" value={audioSrc} />
      <input type="hidden" name="title" value={title} />
      <input type="hidden" name="duration" value={String(duration)} />
      <input type="hidden" name="redirectTo" value={here} />
      <input type="hidden" name="js" value="0" />
      <button
        type="submit"
        className="heart"
        aria-pressed={on}
        aria-label={on ? `Remove ${title} from favorites` : `Add ${title} to favorites`}
      >
        <HeartIcon size={22} filled={on} />
      </button>
      {refusal ? (
        <p role="alert" className="heart-error">
          {refusal}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** The listener's favorites among the page's episodes (route-support/positions.server.ts). */
function usePageFavorites(): string[] {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]!.data as { favorites?: unknown } | null;
    if (Array.isArray(data?.favorites)) return data.favorites as string[];
  }
  return [];
}

/** Current location as a safe in-site redirect target. */
function useHere(): string {
  const l = useLocation();
  return `${l.pathname}${l.search}`;
}
