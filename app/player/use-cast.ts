import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { PlayerAction, PlayerState } from "./machine";
import { castMediaFor, type CastController } from "./cast";

/** The SDK binding is its own chunk, fetched only when casting is first needed. */
async function loadGoogleCastLazily(): Promise<CastController | null> {
  const { loadGoogleCast } = await import("./cast-google.client");
  return loadGoogleCast();
}

/**
 * - idle: nothing asked for casting yet (the SDK is not loaded);
 * - loading: the SDK is being fetched;
 * - unavailable: no SDK here (not a Chromium browser, offline, blocked) or no devices found;
 * - available: a cast device can be picked; connected: a session is running.
 */
export type CastStatus = "idle" | "loading" | "unavailable" | "available" | "connected";

export interface CastApi {
  status: CastStatus;
  /** Load the cast SDK if it is not loaded yet (called by a cast button when it mounts). */
  request(): void;
  /** Open the device picker; once connected the current media is sent to the device. */
  connect(): Promise<void>;
  disconnect(): Promise<void>;
}

/**
 * Casting: the Google Cast SDK loads on the first `request()`; session changes dispatch
 * `castSession`, and while connected the current media is loaded on the device whenever the
 * source changes.
 */
export function useCast(
  state: PlayerState,
  dispatch: (action: PlayerAction) => void,
  loadController: () => Promise<CastController | null> = loadGoogleCastLazily,
): CastApi {
  const [controller, setController] = useState<CastController | null>(null);
  const [status, setStatus] = useState<CastStatus>("idle");
  const requested = useRef(false);

  const request = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    setStatus("loading");
    loadController()
      .then((c) => {
        setController(c);
        if (!c) setStatus("unavailable");
      })
      .catch((error: unknown) => {
        console.warn("cast: could not load the cast framework", error);
        setStatus("unavailable");
      });
  }, [loadController]);

  useEffect(() => {
    if (!controller) return;
    const refresh = () =>
      setStatus(controller.isConnected() ? "connected" : controller.isAvailable() ? "available" : "unavailable");
    refresh();
    const offAvailability = controller.onAvailabilityChange(refresh);
    const offSession = controller.onSessionChange((connected) => {
      dispatch({ type: "castSession", connected });
      refresh();
    });
    if (controller.isConnected()) dispatch({ type: "castSession", connected: true }); // a resumed session
    return () => {
      offAvailability();
      offSession();
    };
  }, [controller, dispatch]);

  // While connected, send what plays (and again when the source changes).
  const latest = useRef(state);
  latest.current = state;
  const { casting, src, pending } = state;
  useEffect(() => {
    if (!controller || !casting || pending) return;
    const media = castMediaFor(latest.current, window.location.origin);
    if (!media) return;
    controller.load(media).catch((error: unknown) => console.warn("cast: load failed", error));
  }, [controller, casting, src, pending]);

  const connect = useCallback(async () => {
    if (!controller) return;
    try {
      await controller.connect();
    } catch (error) {
      // The user closed the picker, or no device answered: logged only.
      console.warn("cast: no session", error);
    }
  }, [controller]);

  const disconnect = useCallback(async () => {
    await controller?.disconnect().catch((error: unknown) => console.warn("cast: disconnect failed", error));
  }, [controller]);

  return useMemo(() => ({ status, request, connect, disconnect }), [status, request, connect, disconnect]);
}

/**
 * Casting's session, mounted by the player once a cast button first asks for it (this module is
 * not in the first load): it loads the SDK and hands the live API up with `onApi`.
 */
export function CastSession({
  state,
  dispatch,
  onApi,
}: {
  state: PlayerState;
  dispatch: (action: PlayerAction) => void;
  onApi: (api: CastApi) => void;
}) {
  const api = useCast(state, dispatch);
  const { request } = api;
  useEffect(request, [request]);
  useEffect(() => onApi(api), [api, onApi]);
  return null;
}
