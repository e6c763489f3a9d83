/** One stored media file, found by name. */
export interface MediaFile {
  size: number;
  modified: Date;
  contentType: string;
  /** The bytes from `start` to `end` inclusive, or the whole file; the file is opened by this call. */
  read(range?: { start: number; end: number }): ReadableStream<Uint8Array>;
}

/** Media the app keeps itself and serves only through a route that checks who is asking. */
export interface MediaFiles {
  /** null unless `name` is the name of a servable file of this collection (never a path). */
  file(name: string): Promise<MediaFile | null>;
}

/** No media kept here: a remote gallery's media are its host's URLs. */
export const NO_MEDIA_FILES: MediaFiles = { file: async () => null };
