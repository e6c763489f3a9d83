/**
 * Casting (SPEC §4 "Casting", §7 "A cast service receives the episode URL, title, poster and
 * description"). The real Google Cast binding lives in a client module implementing
 * `CastController`; everything here is pure or a fake for tests.
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

/** The load request, shaped like chrome.cast.media.LoadRequest's MediaInfo. */
export interface CastLoadRequest {
  contentId: string;
  contentType: string;
  streamType: "LIVE" | "BUFFERED";
  metadata: {
    /** chrome.cast.media.MetadataType.GENERIC */
    metadataType: 0;
    title: string;
    /** The description (GenericMediaMetadata's text line). */
    subtitle: string;
    images: { url: string }[];
  };
  autoplay: true;
  /** Start position (seconds); only for episodes that are past 0. */
  currentTime?: number;
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

const CONTENT_TYPES: Record<string, string> = {
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  mp4: "audio/mp4",
  aac: "audio/aac",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  opus: "audio/ogg",
  wav: "audio/wav",
  flac: "audio/flac",
};

/** Content type from the URL's file extension; streams and unknown files are sent as MPEG audio. */
export function contentTypeFor(url: string): string {
  const path = url.split(/[?#]/, 1)[0];
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return (ext && CONTENT_TYPES[ext]) || "audio/mpeg";
}

/** The pure cast load request: episode URL, title, poster, description; LIVE or BUFFERED. */
export function buildCastLoadRequest(media: CastMedia): CastLoadRequest {
  const request: CastLoadRequest = {
    contentId: media.url,
    contentType: contentTypeFor(media.url),
    streamType: media.live ? "LIVE" : "BUFFERED",
    metadata: {
      metadataType: 0,
      title: media.title,
      subtitle: media.description,
      images: media.poster ? [{ url: media.poster }] : [],
    },
    autoplay: true,
  };
  if (!media.live && media.startTime !== undefined && Number.isFinite(media.startTime) && media.startTime > 0) {
    request.currentTime = Math.floor(media.startTime);
  }
  return request;
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

/** SPEC §4: local audio is muted while connected to a cast device, unmuted when casting ends. */
export function localAudioMuted(casting: boolean): boolean {
  return casting;
}

export interface FakeCast extends CastController {
  /** Requests sent by `load`, oldest first. */
  readonly loads: CastLoadRequest[];
  setAvailable(available: boolean): void;
  /** The device ends the session on its own (e.g. stopped from the phone). */
  simulateRemoteDisconnect(): void;
}

/** In-memory CastController for tests and for environments without a cast framework. */
export function createFakeCast(options: { available?: boolean } = {}): FakeCast {
  let available = options.available ?? true;
  let connected = false;
  const listeners = new Set<CastSessionListener>();
  const availability = new Set<(available: boolean) => void>();
  const loads: CastLoadRequest[] = [];
  const emit = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    for (const l of [...listeners]) l(value);
  };
  return {
    loads,
    isAvailable: () => available,
    isConnected: () => connected,
    setAvailable(value) {
      if (available !== value) {
        available = value;
        for (const l of [...availability]) l(value);
      }
      if (!value) emit(false);
    },
    async connect() {
      if (!available) throw new Error("No cast device available");
      emit(true);
    },
    async disconnect() {
      emit(false);
    },
    async load(media) {
      if (!connected) throw new Error("Not connected to a cast device");
      loads.push(buildCastLoadRequest(media));
    },
    onSessionChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onAvailabilityChange(listener) {
      availability.add(listener);
      return () => availability.delete(listener);
    },
    simulateRemoteDisconnect() {
      emit(false);
    },
  };
}
