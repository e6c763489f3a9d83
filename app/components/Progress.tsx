import type { CardPosition } from "~/services/types";
import { minutesLeft } from "~/rules/library";

/** Where a listener is in an episode: a bar and the minutes left. */
export function Progress({ title, position }: { title: string; position: CardPosition }) {
  return (
    <>
      <progress
        className="pos__bar"
        max={Math.round(position.duration)}
        value={Math.min(Math.round(position.position), Math.round(position.duration))}
        aria-label={`Listened to ${title}`}
      />
      <span className="pos__left">{minutesLeft(position.position, position.duration)}</span>
    </>
  );
}
