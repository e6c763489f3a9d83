/**
 * Casting (docs/product.md §4 "Casting", §7 "A cast service receives the episode URL, title, poster and
 * description"). The real Google Cast binding lives in a client module implementing
 * `CastController`; everything here is pure (the load request it sends: ./cast-request.ts; a fake
 * controller for tests: ./cast-fake.ts).
 *
 * Rule: while a cast session is connected, local audio is muted; it is unmuted when casting ends.
 */
import type { PlayerState } from "./machine";

/** What is sent to the cast device. */
export interface CastMedia {
  url: string;
  title: string;
  poster: string;
  description: string;
  live: boolean;
  /** Where to start an episode on the device (seconds), so casting continues where the page was. */
  startTime?: number;
}

export type CastSessionListener = (connected: boolean) => void;

export interface CastController {
  /** A cast device/framework is available to connect to. */
  isAvailable(): boolean;
  isConnected(): boolean;
  /** Opens the device picker / starts a session; resolves once connected. */
  connect(): Promise<void>;
  /** Ends the session. */
  disconnect(): Promise<void>;
  /** Loads media on the connected device (rejects when not connected). */
  load(media: CastMedia): Promise<void>;
  /** Session connected/disconnected events; returns an unsubscribe function. */
  onSessionChange(listener: CastSessionListener): () => void;
  /** Device availability changes (devices appear or vanish); returns an unsubscribe function. */
  onAvailabilityChange(listener: (available: boolean) => void): () => void;
}

/**
 * The cast media for the player's current source, or null when there is nothing castable
 * (no source, mid-switch, or the error audio). Relative URLs are resolved against `origin`
 * because the cast device fetches them itself.
 */
export function castMediaFor(state: PlayerState, origin: string): CastMedia | null {
  if (state.pending || (state.kind !== "episode" && state.kind !== "live")) return null;
  const abs = (u: string) => (u ? new URL(u, origin).href : "");
  return {
    url: abs(state.src),
    title: state.title,
    poster: abs(state.image),
    description: state.kind === "live" ? state.subtext : state.description,
    live: state.kind === "live",
    ...(state.kind === "episode" && state.currentTime > 0 ? { startTime: state.currentTime } : {}),
  };
}
