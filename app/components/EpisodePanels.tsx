import type { Episode } from "~/services/types";
import type { Chapter } from "~/rules/chapters";
import type { Cue } from "~/rules/transcript";
import { episodeLink } from "~/rules/episodes";
import { SubscribeMenu } from "./SubscribeMenu";
import { ShareButtons } from "./ShareButtons";
import { ClipShare } from "./ClipShare";
import { EpisodeExtras } from "./EpisodeExtras";

/** The episode page below its actions: subscribe, share, a clip, soundbites, chapters and transcript. */
export function EpisodePanels({
  episode,
  pageUrl,
  feedUrl,
  startTime,
  clipEnd,
  chapters,
  transcript,
}: {
  episode: Episode;
  pageUrl: string;
  feedUrl: string;
  startTime: number | null;
  clipEnd: number | null;
  chapters: Chapter[];
  transcript: Cue[];
}) {
  return (
    <>
      <SubscribeMenu feedUrl={feedUrl} show={episode.coldcut ? "Cold Cut" : "The Ham Radio Show"} />
      <ShareButtons url={pageUrl} title={episode.title} />
      <ClipShare
        pageUrl={pageUrl}
        action={episodeLink(episode.title, episode.coldcut).split("?")[0]!}
        title={episode.title}
        audioUrl={episode.audioUrl}
        duration={episode.duration}
        startTime={startTime}
        clipEnd={clipEnd}
      />
      <EpisodeExtras episode={episode} chapters={chapters} transcript={transcript} />
    </>
  );
}
