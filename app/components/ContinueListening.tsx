import { Link } from "@remix-run/react";
import { usePlayer } from "~/player/PlayerProvider";
import type { ContinueItem } from "~/services/types";
import { CONTINUE_LISTENING_TITLE } from "~/rules/library";
import { Progress } from "./Progress";

/**
 * "Continue listening": the episodes a signed-in listener started and did not finish, newest
 * first. Each title links to the episode's page at its position (`?t=`, its native player without
 * JavaScript); with JavaScript its Resume button plays it from there.
 */
export function ContinueListening({ items }: { items: ContinueItem[] }) {
  const { choose, state } = usePlayer();
  if (items.length === 0) return null;
  // The player's own offer ("Continue … at …?") is the one prompt for the episode it restored.
  const offered = state.resume ? state.src : null;
  return (
    <section className="section continue" aria-labelledby="continue-title">
      <h2 id="continue-title">{CONTINUE_LISTENING_TITLE}</h2>
      <ul className="continue__list">
        {items.map((item) => (
          <li key={item.src} className="continue__item">
            <img src={item.image} alt="" width="64" height="64" loading="lazy" />
            <div className="continue__body">
              <Link className="continue__title" to={item.href}>
                {item.title}
              </Link>
              <div className="pos">
                {item.position > 0 && item.duration > 0 ? (
                  <Progress title={item.title} position={{ ...item, played: false }} />
                ) : null}
              </div>
            </div>
            {item.src === offered ? null : (
              <button
                type="button"
                className="continue__play js-only"
                aria-label={`Resume ${item.title}`}
                onClick={() =>
                  choose(
                    {
                      src: item.src,
                      title: item.title,
                      image: item.image,
                      backgroundImage: item.image,
                      description: "",
                      coldcut: item.coldcut,
                      duration: item.duration,
                      chaptersUrl: null,
                    },
                    Math.floor(item.position),
                  )
                }
              >
                Resume
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
