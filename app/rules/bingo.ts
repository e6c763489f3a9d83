/**
 * docs/product.md §5 "Bingo points count entries whose status equals DEAD. Only crew entries with a
 * non-null DPB are kept." (docs/product.md §3 CrewBio.DPB: a map of pick name to status.)
 */
export const DEAD = "DEAD";

export type BingoPicks = Record<string, string>;

export function bingoPoints(dpb: BingoPicks | null | undefined): number {
  if (!dpb) return 0;
  return Object.values(dpb).filter((status) => status === DEAD).length;
}

export interface BingoEntry {
  name: string;
  picks: { pick: string; status: string; dead: boolean }[];
  points: number;
}

/** Crew with a non-null DPB, each with its points; highest score first, then by name. */
export function bingoBoard(crew: readonly { name: string; dpb: BingoPicks | null }[]): BingoEntry[] {
  return crew
    .filter((c): c is { name: string; dpb: BingoPicks } => c.dpb != null)
    .map((c) => ({
      name: c.name,
      picks: Object.entries(c.dpb).map(([pick, status]) => ({ pick, status, dead: status === DEAD })),
      points: bingoPoints(c.dpb),
    }))
    .sort((a, b) => b.points - a.points || a.name.localeCompare(b.name));
}
