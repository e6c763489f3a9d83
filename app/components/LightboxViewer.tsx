/**
 * The gallery image lightbox (docs/product.md §2 "Image lightbox", §4 "Lightbox", §8, §9) on
 * yet-another-react-lightbox; imported lazily only. Buttons, +/- keys and double click zoom by
 * the levels of app/rules/lightbox.ts instead of the library's multipliers
 * (docs/decisions/004-gallery-lightbox.md).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from "react";
import Lightbox, {
  ACTIVE_SLIDE_COMPLETE,
  ACTIVE_SLIDE_ERROR,
  ACTIVE_SLIDE_LOADING,
  IconButton,
  useController,
  useEvents,
  type SlideImage,
  type ZoomRef,
} from "yet-another-react-lightbox";
import Zoom from "yet-another-react-lightbox/plugins/zoom";
import {
  LIGHTBOX_IMAGE_ERROR,
  LIGHTBOX_ANIMATION,
  LIGHTBOX_PADDING_PX,
  MAX_ZOOM_FACTOR,
  canZoomIn,
  canZoomOut,
  toggleZoomLevel,
  zoomFactorOf,
  zoomInLevel,
  zoomLevelAfterMove,
  zoomLevelLabel,
  zoomLevelOf,
  zoomOutLevel,
} from "~/rules/lightbox";

export interface LightboxImage {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
}

export interface LightboxViewerProps {
  images: LightboxImage[];
  open: boolean;
  index: number;
  /** Accessible name of the dialog. */
  label?: string;
  onClose(): void;
  /** After the closing animation (docs/product.md §4: "closing while its animation runs"). */
  onExited?(): void;
}

const PLUGINS = [Zoom];

const MAGNIFIER =
  "M15.5 14h-.79l-.28-.27A6.47 6.47 0 0 0 16 9.5 6.5 6.5 0 1 0 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14z";

function magnifierIcon(sign: string) {
  const Icon = () => (
    <svg className="yarl__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={MAGNIFIER + sign} />
    </svg>
  );
  return Icon;
}

const ZoomInIcon = magnifierIcon("M12 10h-2v2H9v-2H7V9h2V7h1v2h2z");
const ZoomOutIcon = magnifierIcon("M7 9h5v1H7z");

/**
 * "Zoom in" / "Zoom out" in the lightbox toolbar, stepping the spec level by 100 and disabled at
 * the ends (and on an image that failed to load). Also announces the level to screen readers.
 */
function ZoomControls({
  zoom,
  onLevel,
  onFailedChange,
}: {
  zoom: ZoomRef;
  onLevel(level: number): void;
  onFailedChange(failed: boolean): void;
}) {
  const { subscribe } = useEvents();
  const { focus } = useController();
  const [failed, setFailed] = useState(false);
  const zoomInRef = useRef<HTMLButtonElement>(null);
  const zoomOutRef = useRef<HTMLButtonElement>(null);

  // The library publishes the active slide's load status; a failed image cannot be zoomed.
  useEffect(() => {
    const unsubscribe = [
      subscribe(ACTIVE_SLIDE_ERROR, () => setFailed(true)),
      subscribe(ACTIVE_SLIDE_LOADING, () => setFailed(false)),
      subscribe(ACTIVE_SLIDE_COMPLETE, () => setFailed(false)),
    ];
    return () => unsubscribe.forEach((u) => u());
  }, [subscribe]);
  useEffect(() => onFailedChange(failed), [failed, onFailedChange]);

  const level = zoomLevelOf(zoom.zoom);
  // Until the image is measured the library cannot zoom it (its maximum is still 1).
  const off = zoom.disabled || failed || zoom.maxZoom <= 1;
  const inDisabled = off || !canZoomIn(level);
  const outDisabled = off || !canZoomOut(level);

  // A button that becomes disabled while focused hands focus to its sibling (or the lightbox),
  // so Escape and the arrow keys keep working.
  useEffect(() => {
    const active = typeof document !== "undefined" ? document.activeElement : null;
    if (inDisabled && active === zoomInRef.current) (outDisabled ? focus : () => zoomOutRef.current?.focus())();
    if (outDisabled && active === zoomOutRef.current) (inDisabled ? focus : () => zoomInRef.current?.focus())();
  }, [inDisabled, outDisabled, focus]);

  return (
    <>
      <span role="status" className="visually-hidden">
        {failed ? "" : zoomLevelLabel(level)}
      </span>
      <IconButton
        ref={zoomInRef}
        label="Zoom in"
        icon={ZoomInIcon}
        renderIcon={() => <ZoomInIcon />}
        disabled={inDisabled}
        onClick={() => onLevel(zoomInLevel(level))}
      />
      <IconButton
        ref={zoomOutRef}
        label="Zoom out"
        icon={ZoomOutIcon}
        renderIcon={() => <ZoomOutIcon />}
        disabled={outDisabled}
        onClick={() => onLevel(zoomOutLevel(level))}
      />
    </>
  );
}

export default function LightboxViewer({
  images,
  open,
  index,
  label = "Photo viewer",
  onClose,
  onExited,
}: LightboxViewerProps) {
  const zoomRef = useRef<ZoomRef>(null);
  const failedRef = useRef(false);

  const slides = useMemo<SlideImage[]>(
    () =>
      images.map((img) => ({
        src: img.src,
        alt: img.alt,
        width: img.width ?? undefined,
        height: img.height ?? undefined,
      })),
    [images],
  );

  /** Go to a spec zoom level, optionally keeping the point (dx, dy from the centre) in place. */
  const setLevel = useCallback((level: number, dx?: number, dy?: number) => {
    const z = zoomRef.current;
    if (!z || z.disabled || failedRef.current) return;
    z.changeZoom(zoomFactorOf(level), false, dx, dy);
  }, []);

  const onFailedChange = useCallback((failed: boolean) => {
    failedRef.current = failed;
  }, []);

  // The +/- keys step like the buttons (the library would multiply instead).
  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      const meta = event.metaKey || event.ctrlKey;
      const z = zoomRef.current;
      if (!z) return;
      const level = zoomLevelOf(z.zoom);
      let next: number | null = null;
      if (event.key === "+" || (meta && event.key === "=")) next = zoomInLevel(level);
      else if (event.key === "-" || (meta && event.key === "_")) next = zoomOutLevel(level);
      if (next === null) return;
      event.preventDefault();
      event.stopPropagation();
      setLevel(next);
    };
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, [open, setLevel]);

  /** docs/product.md §4 "A double click toggles zoom" (0 ↔ 300), centred where the listener clicked. */
  const onDoubleClick = useCallback(
    (event: MouseEvent<HTMLDivElement>) => {
      const z = zoomRef.current;
      if (!z) return;
      const rect = event.currentTarget.getBoundingClientRect();
      const next = toggleZoomLevel(zoomLevelOf(z.zoom));
      // Zooming in keeps the clicked point under the pointer; zooming out recentres.
      if (next > 0)
        setLevel(next, event.clientX - (rect.left + rect.width / 2), event.clientY - (rect.top + rect.height / 2));
      else setLevel(next);
    },
    [setLevel],
  );

  return (
    <Lightbox
      open={open}
      close={onClose}
      index={index}
      slides={slides}
      plugins={PLUGINS}
      className="gallery-lightbox"
      animation={LIGHTBOX_ANIMATION}
      carousel={{ padding: LIGHTBOX_PADDING_PX, finite: slides.length <= 1 }}
      labels={{
        Lightbox: label,
        Close: "Close",
        Previous: "Previous",
        Next: "Next",
        "Zoom in": "Zoom in",
        "Zoom out": "Zoom out",
      }}
      zoom={{
        ref: zoomRef,
        // Image pixels may be magnified up to 4× (level 300); the rules cap it there.
        maxZoomPixelRatio: MAX_ZOOM_FACTOR,
        // The library's own double-click/double-tap stops are off; onDoubleClick applies the rule.
        doubleClickDelay: 0,
        doubleTapDelay: 0,
        scrollToZoom: false,
      }}
      on={{
        // Pinch and ctrl+wheel zoom freely; never past level 300.
        zoom: ({ zoom }) => {
          if (zoom > MAX_ZOOM_FACTOR + 0.001) zoomRef.current?.changeZoom(MAX_ZOOM_FACTOR, true);
        },
        // docs/product.md §4 "Moving between images resets zoom" (the library does too; this makes it a rule).
        view: () => {
          const z = zoomRef.current;
          const reset = zoomFactorOf(zoomLevelAfterMove());
          if (z && z.zoom !== reset) z.changeZoom(reset, true);
        },
        exited: onExited,
      }}
      render={{
        buttonZoom: (zoom) => <ZoomControls zoom={zoom} onLevel={setLevel} onFailedChange={onFailedChange} />,
        // docs/product.md §8 "Lightbox image failure": the exact text, instead of the library's icon.
        iconError: () => <span className="gallery-lightbox__error">{LIGHTBOX_IMAGE_ERROR}</span>,
        slideContainer: ({ children }: { children?: ReactNode }) => (
          <div className="gallery-lightbox__slide" onDoubleClick={onDoubleClick}>
            {children}
          </div>
        ),
      }}
    />
  );
}
