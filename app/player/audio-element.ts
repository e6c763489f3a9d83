/** The id of the root's one audio element (PlayerProvider), for the effects that listen to it. */
export const AUDIO_ELEMENT_ID = "global-audio";
