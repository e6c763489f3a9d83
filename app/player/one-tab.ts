/** One tab playing at a time: a tab that starts playing says so on a BroadcastChannel; the others pause. */
export const PLAYER_CHANNEL_NAME = "hrs-player";

export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  close?(): void;
}

interface PlayingMessage {
  type: "playing";
  tab: string;
}

function isPlayingMessage(data: unknown): data is PlayingMessage {
  return (
    typeof data === "object" &&
    data !== null &&
    (data as PlayingMessage).type === "playing" &&
    typeof (data as PlayingMessage).tab === "string"
  );
}

export interface OneTabPlayback {
  /** Call when this tab starts playing. */
  announcePlaying(): void;
  close(): void;
}

export function createOneTabPlayback(
  channel: ChannelLike,
  tabId: string,
  onOtherTabPlaying: () => void,
): OneTabPlayback {
  const listener = (event: { data: unknown }) => {
    if (isPlayingMessage(event.data) && event.data.tab !== tabId) onOtherTabPlaying();
  };
  channel.addEventListener("message", listener);
  return {
    announcePlaying() {
      channel.postMessage({ type: "playing", tab: tabId } satisfies PlayingMessage);
    },
    close() {
      channel.removeEventListener("message", listener);
      channel.close?.();
    },
  };
}

/** A random id for this tab (not security relevant). */
export function newTabId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;
}
