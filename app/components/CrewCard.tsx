import { Link } from "@remix-run/react";
import { CREW_CARD_SIZE_PX, DEFAULT_EPISODE_IMAGE } from "~/rules/constants";
import { crewLink } from "~/rules/crew";

// Not in ./Cards.tsx, which every page's first load carries whole.

/** docs/product.md §2 crew page: 250x250 cards; a click goes to /crew?name=<name>. */
export function CrewCard({
  name,
  job,
  image,
  priority = false,
}: {
  name: string;
  job: string;
  image: string;
  priority?: boolean;
}) {
  return (
    <Link to={crewLink(name)} className="crew-card" style={{ width: CREW_CARD_SIZE_PX, height: CREW_CARD_SIZE_PX }}>
      <img
        src={image || DEFAULT_EPISODE_IMAGE}
        alt=""
        width="250"
        height="250"
        loading={priority ? "eager" : "lazy"}
        decoding="async"
      />
      <span className="crew-card__caption">
        <span className="crew-card__name">{name}</span>
        <span className="crew-card__job">{job}</span>
      </span>
    </Link>
  );
}
