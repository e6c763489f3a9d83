import { loadOembed } from "~/route-support/oembed.server";

export const loader = loadOembed;
