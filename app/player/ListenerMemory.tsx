import { useEffect, useRef, useState } from "react";
import {
  LISTENER_STORAGE_KEYS,
  LOCAL_POSITION_SAVE_EVERY_MS,
  MUTED_DEFAULT,
  VOLUME_DEFAULT,
} from "~/rules/listener-memory";
import { rememberedEpisode } from "./machine";
import { usePlayer } from "./PlayerProvider";
import { parseLastEpisode, parsePreferences, readStored, writeStored } from "./listener-memory";
import { pageSender } from "./page-sender";
import { speedsChosen } from "./progress-sync";

/**
 * The edge between the player and this browser's storage (./listener-memory.ts): at start it hands
 * the reducer what was kept (volume, mute, speed per era; a signed-out listener's last episode),
 * then keeps what changes. A signed-in listener's episode and place are the server's (the session
 * bridge restores them), so none of theirs is written here: a shared computer shows nothing of
 * theirs once they have signed out. Their speed per era is their account's too: what it holds
 * (`account.speeds`) overrides this browser's, and a speed they choose is sent to it.
 */
export function ListenerMemory({
  account,
}: {
  account: { uid: string; speeds: Record<string, number> | null } | null;
}) {
  const signedIn = account !== null;
  const { state, dispatch } = usePlayer();
  // Writes wait for the first read: the defaults of the first render must not overwrite what was kept.
  const [ready, setReady] = useState(false);
  // What storage holds (the defaults when nothing): written again only when the listener's differ.
  const seen = useRef<{ volume?: string; speeds?: string }>({});
  useEffect(() => {
    const preferences = parsePreferences(
      readStored(LISTENER_STORAGE_KEYS.volume),
      readStored(LISTENER_STORAGE_KEYS.speeds),
    );
    seen.current = {
      volume: JSON.stringify({
        volume: preferences.volume ?? VOLUME_DEFAULT,
        muted: preferences.muted ?? MUTED_DEFAULT,
      }),
      speeds: JSON.stringify(preferences.speeds ?? {}),
    };
    dispatch({ type: "remembered", preferences });
    if (!signedIn) {
      const last = parseLastEpisode(readStored(LISTENER_STORAGE_KEYS.lastEpisode));
      if (last) dispatch({ type: "restoreEpisode", media: last.media, time: last.time });
    }
    setReady(true);
    // Once per page: what is kept is read at start only.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const { volume, userMuted, speeds } = state;
  // A visit that changes nothing stores nothing.
  const keep = (key: "volume" | "speeds", value: unknown) => {
    const text = JSON.stringify(value);
    if (seen.current[key] !== text) {
      seen.current[key] = text;
      writeStored(LISTENER_STORAGE_KEYS[key], value);
    }
  };
  useEffect(() => {
    if (ready) keep("volume", { volume, muted: userMuted });
  }, [ready, volume, userMuted]);
  // The account's speeds as this page last knew them: a speed is applied when the account's
  // changed (chosen on another device), and sent when the listener's differs from it.
  const accountSpeeds = useRef<Record<string, number>>({});
  const fromAccount = JSON.stringify(account?.speeds ?? null);
  useEffect(() => {
    const incoming = account?.speeds;
    if (!ready || !incoming) return;
    const changed = Object.entries(incoming).filter(([era, speed]) => accountSpeeds.current[era] !== speed);
    accountSpeeds.current = { ...accountSpeeds.current, ...incoming };
    if (changed.length) dispatch({ type: "remembered", preferences: { speeds: Object.fromEntries(changed) } });
  }, [ready, fromAccount]); // eslint-disable-line react-hooks/exhaustive-deps
  const speedsBefore = useRef<Record<string, number> | null>(null);
  useEffect(() => {
    if (!ready) return;
    keep("speeds", speeds);
    const before = speedsBefore.current;
    speedsBefore.current = speeds;
    if (!account || !before) return;
    for (const [era, speed] of speedsChosen(before, speeds, accountSpeeds.current)) {
      accountSpeeds.current[era] = speed;
      const at = Date.now();
      // Kept until the server has it, as positions are.
      pageSender().add({
        uid: account.uid,
        kind: "speed",
        src: era,
        url: "/api/speed",
        contentType: "application/json",
        body: JSON.stringify({ era, speed, at }),
        at,
      });
    }
  }, [ready, speeds]); // eslint-disable-line react-hooks/exhaustive-deps

  const written = useRef<{ src: string; playing: boolean; at: number } | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  useEffect(() => {
    if (!ready || signedIn) return;
    if (state.live && state.kind === "live") {
      // Gone live: a reload should not bring back the episode left behind.
      writeStored(LISTENER_STORAGE_KEYS.lastEpisode, null);
      written.current = null;
      return;
    }
    const kept = rememberedEpisode(state);
    if (!kept) return;
    const now = Date.now();
    const w = written.current;
    const due =
      !w ||
      w.src !== kept.media.src ||
      w.playing !== state.playing ||
      state.requestedTime !== null ||
      now - w.at >= LOCAL_POSITION_SAVE_EVERY_MS;
    if (!due) return;
    writeStored(LISTENER_STORAGE_KEYS.lastEpisode, kept);
    written.current = { src: kept.media.src, playing: state.playing, at: now };
  }, [ready, signedIn, state]);

  useEffect(() => {
    if (!ready || signedIn) return;
    const onHide = () => {
      const kept = rememberedEpisode(stateRef.current);
      if (kept) writeStored(LISTENER_STORAGE_KEYS.lastEpisode, kept);
    };
    window.addEventListener("pagehide", onHide);
    return () => window.removeEventListener("pagehide", onHide);
  }, [ready, signedIn]);

  return null;
}
