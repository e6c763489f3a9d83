/**
 * The cast load request (docs/product.md §7 "A cast service receives the episode URL, title, poster and
 * description"). Apart from ./cast.ts, which is in the first load: only the lazy Google Cast
 * binding needs it.
 */
import type { CastMedia } from "./cast";

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
