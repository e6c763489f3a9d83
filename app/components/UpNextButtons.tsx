import { useEffect } from "react";
import { useFetcher, useLocation, Link } from "@remix-run/react";
import { QueueAddIcon, QueueNextIcon } from "~/ui/primitives";
import { useListener } from "~/auth/listener";
import { UP_NEXT_PATH } from "~/rules/library";
import { usePlayer } from "~/player/PlayerProvider";
import type { UpNextAnswer } from "~/player/up-next";

/** The two controls: [intent, words, accessible name on a card, icon]. */
const controls = (title: string) =>
  [
    ["next", "Play next", `Play next: ${title}`, QueueNextIcon],
    ["last", "Add to Up Next", `Add to Up Next: ${title}`, QueueAddIcon],
  ] as const;

/**
 * "Play next" and "Add to Up Next" (ADR 034) on a card or an episode page. A real form (POST
 * /up-next) that works without JS and comes back here; with JS a fetcher sends it, so the page
 * stays and the player plays on. A signed-out visitor's buttons lead to sign-in and back.
 */
export function UpNextButtons({
  audioSrc,
  title,
  withText = false,
}: {
  audioSrc: string;
  title: string;
  /** The episode's own page: the buttons say what they do in words (the page names the episode). */
  withText?: boolean;
}) {
  const listener = useListener();
  const l = useLocation();
  const here = `${l.pathname}${l.search}`;
  if (!listener?.user) return <UpNextSignIn title={title} here={here} withText={withText} />;
  return <QueueForm audioSrc={audioSrc} title={title} here={here} className={classOf(withText)} withText={withText} />;
}

const classOf = (withText: boolean) => (withText ? "up-next-buttons up-next-buttons--text" : "up-next-buttons");

/** A signed-out visitor's buttons: links to sign-in and back to `here`. */
export function UpNextSignIn({ title, here, withText }: { title: string; here: string; withText: boolean }) {
  const signIn = `/signin?redirectTo=${encodeURIComponent(here)}`;
  return (
    <span className={classOf(withText)}>
      {controls(title).map(([intent, words, , Icon]) => (
        <Link
          key={intent}
          to={signIn}
          className="up-next-button"
          aria-label={`Sign in to ${intent === "next" ? "play next" : "add to Up Next"}: ${title}`}
          rel="nofollow"
        >
          {Icon({ size: 20 })}
          {withText ? words : null}
        </Link>
      ))}
    </span>
  );
}

function QueueForm({
  audioSrc,
  title,
  here,
  className,
  withText,
}: {
  audioSrc: string;
  title: string;
  here: string;
  className: string;
  withText: boolean;
}) {
  const fetcher = useFetcher<UpNextAnswer>({ key: `up-next:${audioSrc}` });
  const { dispatch } = usePlayer();
  const data = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (data?.ok && data.items) dispatch({ type: "queueSync", items: data.items });
  }, [data, dispatch]);
  return (
    <fetcher.Form
      method="post"
      action={UP_NEXT_PATH}
      className={className}
      onSubmit={(e) => {
        // Marks the submission as the fetcher's (JSON back, no redirect).
        const js = e.currentTarget.elements.namedItem("js") as HTMLInputElement | null;
        if (js) js.value = "1";
      }}
    >
      <input type="hidden" name="audioSrc" value={audioSrc} />
      <input type="hidden" name="title" value={title} />
      <input type="hidden" name="redirectTo" value={here} />
      <input type="hidden" name="js" value="0" />
      {controls(title).map(([intent, words, name, Icon]) => (
        <button
          key={intent}
          type="submit"
          name="intent"
          value={intent}
          className="up-next-button"
          aria-label={withText ? undefined : name}
          title={withText ? undefined : words}
        >
          {Icon({ size: 20 })}
          {withText ? words : null}
        </button>
      ))}
      {data ? (
        <span role={data.ok ? "status" : "alert"} className={data.ok ? "up-next-status" : "up-next-error"}>
          {data.ok ? (data.intent === "next" ? `${title} plays next.` : `${title} is in Up Next.`) : data.error}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
