// The server's half of the player bars (./GlobalPlayer.tsx): rendered in full on the server only.
export { PlayerBars } from "./PlayerBars";
