import { useEffect, useState } from "react";
import { chapterIndexAt, nextChapterStart, parseChapters, previousChapterStart, type Chapter } from "~/rules/chapters";
import { usePlayer } from "./PlayerProvider";
import { svgIcon } from "~/ui/primitives";

// Read once per page life: a published episode's chapters do not change.
const loaded = new Map<string, Promise<Chapter[]>>();
function chaptersOf(url: string): Promise<Chapter[]> {
  let found = loaded.get(url);
  if (!found) {
    found = fetch(url)
      .then((r) => (r.ok ? r.json() : null))
      .then(parseChapters)
      .catch(() => {
        loaded.delete(url);
        return [];
      });
    loaded.set(url, found);
  }
  return found;
}

/**
 * The playing episode's chapters in the player (a chunk loaded only for an episode that has
 * them): the current chapter's title and picture, previous/next chapter buttons, and the chapter
 * handed to the player state for the lock screen (Media Session).
 */
export function PlayerChapters() {
  const { state, dispatch } = usePlayer();
  const url = state.chaptersUrl;
  const [chapters, setChapters] = useState<{ url: string; list: Chapter[] } | null>(null);
  useEffect(() => {
    let cancelled = false;
    void chaptersOf(url).then((list) => {
      if (!cancelled) setChapters({ url, list });
    });
    return () => {
      cancelled = true;
    };
  }, [url]);
  const list = chapters?.url === url ? chapters.list : [];
  const index = chapterIndexAt(list, state.currentTime);
  const chapter = list[index] ?? null;
  useEffect(() => {
    dispatch({ type: "chapter", chapter: chapter && { title: chapter.title, image: chapter.img } });
  }, [chapter, dispatch]);
  if (list.length === 0) return null;
  const next = nextChapterStart(list, state.currentTime);
  return (
    <div className="player-chapters" role="group" aria-label="Chapters">
      <button
        type="button"
        className="icon-button"
        aria-label="Previous chapter"
        onClick={() => dispatch({ type: "seek", time: previousChapterStart(list, state.currentTime) })}
      >
        {svgIcon("chapter-prev", { size: 20 })}
      </button>
      {chapter ? (
        <>
          {chapter.img ? <img src={chapter.img} alt="" width="24" height="24" /> : null}
          <span className="player-chapters__title" data-testid="player-chapter">
            {chapter.title}
          </span>
        </>
      ) : null}
      <button
        type="button"
        className="icon-button"
        aria-label="Next chapter"
        disabled={next === null}
        onClick={() => next !== null && dispatch({ type: "seek", time: next })}
      >
        {svgIcon("chapter-next", { size: 20 })}
      </button>
    </div>
  );
}
