import { useEffect, useRef } from "react";
import { useNavigate } from "@remix-run/react";
import { useListener } from "~/auth/listener";
import { usePlayer } from "~/player/PlayerProvider";
import type { ContinueItem } from "~/services/types";
import { useMarks } from "~/render/marks-context";

/**
 * Issue 35 §2 "Continue listening": the episodes a signed-in listener started and did not finish,
 * newest first (`items`: JSON text, route-support/positions.server.ts). Its markup is one HTML string (render/position-marks.ts), the same the server fills
 * into a listener template's hole. Each
 * title links to the episode's page at its position (`?t=`, its native player without JavaScript);
 * with JavaScript its Resume button plays it from there.
 */
export function ContinueListening({ items }: { items: string }) {
  const signedIn = Boolean(useListener());
  const { choose } = usePlayer();
  const ref = useRef<HTMLDivElement>(null);
  const chooseRef = useRef(choose);
  chooseRef.current = choose;
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // The buttons are the server's markup, not React's: one listener for all of them.
    const onClick = (event: MouseEvent) => {
      // Its links are plain markup too: followed in the app, so the player plays on.
      const link = (event.target as HTMLElement).closest<HTMLAnchorElement>("a[href]");
      const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
      if (link && plain && link.origin === window.location.origin) {
        event.preventDefault();
        navigateRef.current(link.pathname + link.search + link.hash);
        return;
      }
      const d = (event.target as HTMLElement).closest<HTMLButtonElement>("button.continue__play")?.dataset;
      if (!d?.src) return;
      const media = {
        src: d.src,
        title: d.title ?? "",
        image: d.image ?? "",
        backgroundImage: d.image ?? "",
        description: "",
        coldcut: d.coldcut === "1",
        duration: Number(d.duration) || 0,
        chaptersUrl: null,
      };
      chooseRef.current(media, Number(d.t) || 0);
    };
    el.addEventListener("click", onClick);
    return () => el.removeEventListener("click", onClick);
  }, []);
  const marks = useMarks(signedIn);
  if (!signedIn) return null;
  const html = !marks
    ? ""
    : marks.isHole(items)
      ? marks.continueHole()
      : marks.continueHtml(JSON.parse(items) as ContinueItem[]);
  return (
    <div ref={ref} className="continue-mark" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />
  );
}
