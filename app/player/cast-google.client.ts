/**
 * The real Google Cast binding (Web Sender SDK, CAF) behind the `CastController` interface of
 * ./cast.ts. Browser only: the SDK script is added to the page the first time
 * `loadGoogleCast()` is called (never during server rendering, never on page load by itself).
 *
 * The SDK: https://developers.google.com/cast/docs/web_sender — `cast_sender.js` calls
 * `window.__onGCastApiAvailable(isAvailable)` once the framework is ready. Only the small part
 * used below is typed here (no @types package is needed).
 */
import type { CastController, CastMedia, CastSessionListener } from "./cast";
import { buildCastLoadRequest } from "./cast-request";

export const CAST_SENDER_URL = "https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1";
/** How long to wait for the SDK before giving up (no network, blocked, not a Chromium browser). */
const LOAD_TIMEOUT_MS = 15_000;

interface CastEventTarget {
  addEventListener(type: string, handler: (event: Record<string, unknown>) => void): void;
  removeEventListener(type: string, handler: (event: Record<string, unknown>) => void): void;
}
interface CastSessionLike {
  loadMedia(request: unknown): Promise<unknown>;
}
interface CastContextLike extends CastEventTarget {
  setOptions(options: Record<string, unknown>): void;
  getCastState(): string;
  getCurrentSession(): CastSessionLike | null;
  requestSession(): Promise<unknown>;
  endCurrentSession(stopCasting: boolean): void;
}
interface CastFramework {
  CastContext: { getInstance(): CastContextLike };
  CastContextEventType: { CAST_STATE_CHANGED: string; SESSION_STATE_CHANGED: string };
  CastState: { NO_DEVICES_AVAILABLE: string; NOT_CONNECTED: string; CONNECTING: string; CONNECTED: string };
  SessionState: {
    SESSION_STARTED: string;
    SESSION_RESUMED: string;
    SESSION_ENDED: string;
    SESSION_START_FAILED: string;
  };
}
interface ChromeCast {
  AutoJoinPolicy: { ORIGIN_SCOPED: string };
  Image: new (url: string) => unknown;
  media: {
    DEFAULT_MEDIA_RECEIVER_APP_ID: string;
    StreamType: { BUFFERED: string; LIVE: string };
    MediaInfo: new (contentId: string, contentType: string) => Record<string, unknown>;
    GenericMediaMetadata: new () => Record<string, unknown>;
    LoadRequest: new (mediaInfo: unknown) => Record<string, unknown>;
  };
}
interface CastWindow {
  __onGCastApiAvailable?: (isAvailable: boolean) => void;
  cast?: { framework?: CastFramework };
  chrome?: { cast?: ChromeCast };
}

/** Whether this browser can run the Cast web sender at all (Chromium-based, not iOS). */
export function castCapableBrowser(userAgent: string): boolean {
  return /\b(Chrome|Chromium)\//.test(userAgent) && !/\b(CriOS|iPhone|iPad)\b/.test(userAgent);
}

let loading: Promise<CastController | null> | null = null;

/** Loads the SDK once; resolves with a controller, or null when casting is not possible here. */
export function loadGoogleCast(): Promise<CastController | null> {
  if (loading) return loading;
  loading = new Promise<CastController | null>((resolve) => {
    const w = window as unknown as CastWindow;
    if (!castCapableBrowser(navigator.userAgent)) return resolve(null);
    const timer = window.setTimeout(() => resolve(null), LOAD_TIMEOUT_MS);
    w.__onGCastApiAvailable = (isAvailable) => {
      window.clearTimeout(timer);
      const framework = w.cast?.framework;
      const chromeCast = w.chrome?.cast;
      resolve(isAvailable && framework && chromeCast ? createGoogleCastController(framework, chromeCast) : null);
    };
    const script = document.createElement("script");
    script.src = CAST_SENDER_URL;
    script.async = true;
    script.onerror = () => {
      window.clearTimeout(timer);
      resolve(null);
    };
    document.head.appendChild(script);
  }).catch(() => null);
  return loading;
}

function createGoogleCastController(framework: CastFramework, chromeCast: ChromeCast): CastController {
  const context = framework.CastContext.getInstance();
  context.setOptions({
    receiverApplicationId: chromeCast.media.DEFAULT_MEDIA_RECEIVER_APP_ID,
    autoJoinPolicy: chromeCast.AutoJoinPolicy.ORIGIN_SCOPED,
  });
  const { CastState, SessionState, CastContextEventType } = framework;
  const available = () => context.getCastState() !== CastState.NO_DEVICES_AVAILABLE;
  const connected = () => context.getCastState() === CastState.CONNECTED || context.getCurrentSession() !== null;

  return {
    isAvailable: available,
    isConnected: connected,
    async connect() {
      await context.requestSession();
    },
    async disconnect() {
      context.endCurrentSession(true);
    },
    async load(media: CastMedia) {
      const session = context.getCurrentSession();
      if (!session) throw new Error("Not connected to a cast device");
      const req = buildCastLoadRequest(media);
      const info = new chromeCast.media.MediaInfo(req.contentId, req.contentType);
      info.streamType =
        req.streamType === "LIVE" ? chromeCast.media.StreamType.LIVE : chromeCast.media.StreamType.BUFFERED;
      const metadata = new chromeCast.media.GenericMediaMetadata();
      metadata.title = req.metadata.title;
      metadata.subtitle = req.metadata.subtitle;
      metadata.images = req.metadata.images.map((i) => new chromeCast.Image(i.url));
      info.metadata = metadata;
      const load = new chromeCast.media.LoadRequest(info);
      load.autoplay = true;
      if (req.currentTime !== undefined) load.currentTime = req.currentTime;
      await session.loadMedia(load);
    },
    onSessionChange(listener: CastSessionListener) {
      const handler = (event: Record<string, unknown>) => {
        const s = event.sessionState;
        if (s === SessionState.SESSION_STARTED || s === SessionState.SESSION_RESUMED) listener(true);
        else if (s === SessionState.SESSION_ENDED || s === SessionState.SESSION_START_FAILED) listener(false);
      };
      context.addEventListener(CastContextEventType.SESSION_STATE_CHANGED, handler);
      return () => context.removeEventListener(CastContextEventType.SESSION_STATE_CHANGED, handler);
    },
    onAvailabilityChange(listener) {
      const handler = (event: Record<string, unknown>) => listener(event.castState !== CastState.NO_DEVICES_AVAILABLE);
      context.addEventListener(CastContextEventType.CAST_STATE_CHANGED, handler);
      return () => context.removeEventListener(CastContextEventType.CAST_STATE_CHANGED, handler);
    },
  };
}
