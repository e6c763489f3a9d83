// The sample's episodes in catalog order, with the ids, numbers and titles the catalog gives them:
// one list for the catalog, the per-episode art and the per-episode audio, so the three agree.
import { ERAS, EPISODES, COLDCUTS } from "./data/episodes.mjs";

const WEEK = 7 * 24 * 3600 * 1000;
const SHOW_START = Date.parse("2010-01-08T20:00:00Z");
const pad = (n) => String(n).padStart(4, "0");

export function episodeList() {
  const list = [];
  let id = 0;
  for (const era of ERAS) {
    EPISODES[era.era].forEach(([title, subtext, hook, flags = ""], i) => {
      id++;
      // weekly Friday show; the sample carries one episode every few weeks of each era
      const aired = Date.parse(era.start) + i * era.everyWeeks * WEEK;
      const number = Math.floor((aired - SHOW_START) / WEEK) + 1;
      const plain = flags.includes("p");
      list.push({
        series: "main", id, objectID: `ep-${pad(id)}`, i, era, number, plain, name: title, subtext, hook, flags,
        title: plain ? title : `Episode ${number}: ${title}`,
        pubdate: aired + (i % 3) * 15 * 60 * 1000,
      });
    });
  }
  const eraBy = Object.fromEntries(ERAS.map((e) => [e.era, e]));
  COLDCUTS.forEach(([title, eraName, subtext, description, flags], i) => {
    list.push({
      series: "coldcut", id: 1001 + i, objectID: `cc-${pad(i + 1)}`, i, era: eraBy[eraName], plain: true,
      name: title.replace(/^Cold Cut: /, ""), subtext, description, flags, title,
      pubdate: Date.parse("2024-07-05T16:00:00Z") + i * 2 * WEEK,
    });
  });
  return list;
}
