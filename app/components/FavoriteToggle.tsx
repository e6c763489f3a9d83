import { Link, useRouteLoaderData } from "@remix-run/react";
import { HeartIcon } from "./icons";
import { useHere } from "./Cards";
import type { RootData } from "~/root";

/**
 * SPEC §2 "Cards carry a heart toggle for favorites." Favorites need a signed-in listener
 * (SPEC §4/§6): a signed-out visitor's heart leads to sign-in and back.
 */
export function FavoriteToggle({ title }: { audioSrc: string; title: string; duration: number }) {
  const root = useRouteLoaderData<RootData>("root");
  const here = useHere();
  if (!root?.user) {
    return (
      <Link
        to={`/signin?redirectTo=${encodeURIComponent(here)}`}
        className="heart"
        aria-label={`Sign in to add ${title} to your favorites`}
        rel="nofollow"
      >
        <HeartIcon size={22} />
      </Link>
    );
  }
  return null;
}
