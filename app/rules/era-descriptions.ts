import type { Station } from "./eras";

/**
 * The eras' descriptions (/eras, the era page, /about, the era feeds). Kept out of ./eras.ts so
 * the era cards on every page do not ship these texts to the browser (the client bundle is split
 * per file).
 */
export const ERA_DESCRIPTIONS: Record<Station, string> = {
  "GOOM Radio":
    "Where it all started: a borrowed microphone, a basement full of cables and a crew that had no business being on the air. The GOOM Radio years are raw, loud and gloriously unplanned.",
  MLR: "The show finds its voice on MLR: recurring bits, the first call-in marathons and the birth of the Bunker. Louder phones, longer nights, better jokes (mostly).",
  PPR: "PPR brought a real studio, a bigger crew and a listener army. Live events, Deadpool Bingo and the specials people still quote at us.",
  UFRN: "The UFRN era: independent, streaming around the clock and still the most dangerous radio today. New voices, old grudges and the archive's freshest episodes.",
};
