import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { usePlayer } from "~/player/PlayerProvider";
import type { PublicConfig } from "~/services/types";
import { whenLoadedAndIdle } from "~/ui/after-load";
import type { Props, Send } from "./senders.client";

const CONSENT_KEY = "hrs-analytics-consent";
type Choice = "granted" | "denied";

/** Do Not Track or Global Privacy Control: the listener asked not to be tracked; nothing is sent or asked. */
const optedOut = () =>
  navigator.doNotTrack === "1" ||
  (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

const storedChoice = (): Choice | null => {
  try {
    const v = window.localStorage.getItem(CONSENT_KEY);
    return v === "granted" || v === "denied" ? v : null;
  } catch {
    return null;
  }
};

/**
 * Web analytics, started with the app (after its first load, when the browser is idle, so
 * nothing is on the first paint's path): a page view per client navigation, the player's
 * play/pause/complete, favorites, shares, downloads, sign-ups and sign-ins. A provider that sets
 * cookies or identifiers (or any, when the operator says so) waits for the listener's yes, asked
 * once in a small banner and remembered.
 */
export function Analytics({
  config,
  firebase,
  signedIn,
}: {
  config: PublicConfig["analytics"];
  firebase: PublicConfig["firebase"];
  signedIn: boolean;
}) {
  const [choice, setChoice] = useState<Choice | null | "unknown">("unknown");
  const send = useRef<Send | null>(null);
  const queue = useRef<[string, Props | undefined][]>([]);
  const location = useLocation();
  const { state } = usePlayer();

  useEffect(() => {
    if (!config || optedOut()) return setChoice("denied");
    setChoice(config.askConsent ? storedChoice() : "granted");
  }, [config]);

  const allowed = choice === "granted";
  useEffect(() => {
    if (!allowed || !config) return;
    let live = true;
    const cancel = whenLoadedAndIdle(() => {
      void import("./senders.client")
        .then((m) => (config.provider === "firebase" ? m.firebaseSender(firebase!) : m.plausibleSender(config)))
        .then((sender) => {
          if (!live) return;
          send.current = sender;
          for (const [name, props] of queue.current.splice(0)) sender(name, props);
        })
        .catch(() => undefined);
    });
    return () => {
      live = false;
      cancel();
    };
  }, [allowed, config, firebase]);

  const track = useRef((name: string, props?: Props) => {
    if (send.current) send.current(name, props);
    else queue.current.push([name, props]);
  });

  // One page view per navigation (search included: a search is a page of its own).
  const page = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!allowed) return;
    track.current("pageview");
    if (new URLSearchParams(location.search).get("notice") === "signed-up") track.current("sign-up");
  }, [allowed, page]); // eslint-disable-line react-hooks/exhaustive-deps

  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    if (allowed && signedIn && !wasSignedIn.current) track.current("sign-in");
    wasSignedIn.current = signedIn;
  }, [allowed, signedIn]);

  const wasPlaying = useRef(state.playing);
  useEffect(() => {
    const before = wasPlaying.current;
    wasPlaying.current = state.playing;
    if (!allowed || before === state.playing) return;
    const props = { kind: state.kind, title: state.title };
    const complete = !state.playing && state.duration > 0 && state.currentTime >= state.duration - 0.5;
    track.current(state.playing ? "play" : complete ? "complete" : "pause", props);
  }, [allowed, state.playing]); // eslint-disable-line react-hooks/exhaustive-deps

  // Favorites, shares and downloads, from the document (their components stay unaware).
  useEffect(() => {
    if (!allowed) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const download = target?.closest<HTMLAnchorElement>("a[download]");
      if (download) return track.current("download", { file: download.getAttribute("download") ?? "" });
      const share = target?.closest(".share")?.contains(target) ? target.closest("a, button") : null;
      if (share) track.current("share", { method: share.getAttribute("aria-label") ?? share.textContent ?? "" });
    };
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target instanceof HTMLFormElement ? event.target : null;
      if (form && new URL(form.action, window.location.href).pathname === "/favorites")
        track.current("favorite", { intent: String(new FormData(form).get("intent") ?? "") });
    };
    document.addEventListener("click", onClick, true);
    document.addEventListener("submit", onSubmit, true);
    return () => {
      document.removeEventListener("click", onClick, true);
      document.removeEventListener("submit", onSubmit, true);
    };
  }, [allowed]);

  if (choice !== null || !config) return null;
  const decide = (value: Choice) => {
    try {
      window.localStorage.setItem(CONSENT_KEY, value);
    } catch {
      // Private mode: the choice holds for this page only.
    }
    setChoice(value);
  };
  return (
    <section className="consent" aria-labelledby="consent-text">
      <p id="consent-text">
        May we count visits and plays to improve the show&apos;s site?{" "}
        {config.provider === "firebase" ? "Google Analytics sets cookies for this." : "No cookies are set."}
      </p>
      <div className="consent__actions">
        <button type="button" className="button" onClick={() => decide("granted")}>
          Allow
        </button>
        <button type="button" className="button button--ghost" onClick={() => decide("denied")}>
          No thanks
        </button>
      </div>
    </section>
  );
}
