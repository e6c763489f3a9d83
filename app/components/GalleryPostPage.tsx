import { Link } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type MouseEvent } from "react";
import { LIGHTBOX_IMAGE_ERROR } from "~/rules/lightbox";
import { formatDate } from "~/ui/time";
import { Breadcrumb } from "./Breadcrumb";
import type { LightboxImage } from "./LightboxViewer";

export type GalleryImage = LightboxImage;
export interface GalleryVideo {
  src: string;
  poster: string | null;
}

/** What the post page renders: the same shape for a gallery post and a spnkbnk news post. */
export interface GalleryPostView {
  source: "gallery" | "news";
  id: string;
  slug: string;
  title: string;
  date: string;
  images: GalleryImage[];
  videos: GalleryVideo[];
  /** The post's sanitized text with its images and videos taken out (they render as the grid). */
  textHtml: string;
}

/**
 * The lightbox and its library load on first use only (not in the page's first-load JS).
 * Hovering or focusing a thumbnail starts the download early.
 */
const loadLightbox = () => import("./LightboxViewer");
const LightboxViewer = lazy(loadLightbox);

function imageLabel(image: GalleryImage, i: number, count: number): string {
  return image.alt.trim() || `Photo ${i + 1} of ${count}`;
}

/**
 * One thumbnail: a plain link to the full image (so it works without JavaScript); with
 * JavaScript a click opens the lightbox at this image instead.
 */
function GalleryThumb({
  image,
  label,
  enhanced,
  onOpen,
  linkRef,
}: {
  image: GalleryImage;
  label: string;
  /** Hydrated: a click opens the lightbox dialog instead of following the link. */
  enhanced: boolean;
  onOpen(event: MouseEvent<HTMLAnchorElement>): void;
  linkRef(el: HTMLAnchorElement | null): void;
}) {
  const [failed, setFailed] = useState(false);
  const imgRef = useRef<HTMLImageElement>(null);
  // An image that failed before hydration never fires React's onError; check once on mount.
  useEffect(() => {
    const img = imgRef.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <a
      ref={linkRef}
      href={image.src}
      className={`gallery-thumb${failed ? " gallery-thumb--failed" : ""}`}
      aria-label={label}
      aria-haspopup={enhanced ? "dialog" : undefined}
      onClick={onOpen}
      onPointerEnter={() => void loadLightbox().catch(() => undefined)}
      onFocus={() => void loadLightbox().catch(() => undefined)}
    >
      {failed ? (
        <span className="gallery-thumb__error" aria-hidden="true">
          {LIGHTBOX_IMAGE_ERROR}
        </span>
      ) : (
        <img
          ref={imgRef}
          src={image.src}
          alt={image.alt}
          width={image.width ?? 800}
          height={image.height ?? 533}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
        />
      )}
    </a>
  );
}

/** docs/product.md §2 gallery post: title, the post text, its images (lightbox) and its videos. */
export function GalleryPostPage({ post }: { post: GalleryPostView }) {
  const [viewer, setViewer] = useState<{ mounted: boolean; open: boolean; index: number }>({
    mounted: false,
    open: false,
    index: 0,
  });
  const thumbs = useRef<(HTMLAnchorElement | null)[]>([]);
  const openedFrom = useRef(0);
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const count = post.images.length;

  const openAt = useCallback((index: number, event: MouseEvent<HTMLAnchorElement>) => {
    // Let the browser handle new-tab / modified clicks like any link.
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    const href = event.currentTarget.href;
    openedFrom.current = index;
    loadLightbox()
      .then(() => setViewer({ mounted: true, open: true, index }))
      // The viewer could not be downloaded: behave like the plain link.
      .catch(() => window.location.assign(href));
  }, []);

  const close = useCallback(() => setViewer((v) => ({ ...v, open: false })), []);
  // Focus returns to the thumbnail that opened the lightbox.
  const exited = useCallback(() => thumbs.current[openedFrom.current]?.focus(), []);

  return (
    <article className="gallery-post">
      <Breadcrumb links={[["/SpankBank", "SpankBank"]]} current={post.title} />
      <h1>{post.title}</h1>
      {post.date ? (
        <p className="muted">
          <time dateTime={post.date}>{formatDate(post.date)}</time>
        </p>
      ) : null}
      {/* textHtml is sanitized on the server (allow-list), with the media taken out. */}
      {post.textHtml ? (
        <div className="prose gallery-post__text" dangerouslySetInnerHTML={{ __html: post.textHtml }} />
      ) : null}

      {count ? (
        <section aria-labelledby="gallery-photos-title" className="gallery-post__section">
          <h2 id="gallery-photos-title">Photos</h2>
          <ul className="gallery-thumbs">
            {post.images.map((image, i) => (
              <li key={`${image.src}-${i}`}>
                <GalleryThumb
                  image={image}
                  label={imageLabel(image, i, count)}
                  enhanced={enhanced}
                  onOpen={(event) => openAt(i, event)}
                  linkRef={(el) => {
                    thumbs.current[i] = el;
                  }}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {post.videos.length ? (
        <section aria-labelledby="gallery-videos-title" className="gallery-post__section">
          <h2 id="gallery-videos-title">Videos</h2>
          <div className="gallery-videos">
            {post.videos.map((video, i) => (
              <video
                key={`${video.src}-${i}`}
                className="gallery-video"
                src={video.src}
                poster={video.poster ?? undefined}
                controls
                preload="metadata"
                playsInline
                aria-label={post.videos.length > 1 ? `Video ${i + 1} of ${post.videos.length}` : "Video"}
              >
                <a href={video.src}>Download the video</a>
              </video>
            ))}
          </div>
        </section>
      ) : null}

      <p className="gallery-post__back">
        <Link to="/SpankBank">Back to the SpankBank</Link>
      </p>

      {viewer.mounted ? (
        <Suspense fallback={null}>
          <LightboxViewer
            images={post.images}
            open={viewer.open}
            index={viewer.index}
            label={`${post.title}: photos`}
            onClose={close}
            onExited={exited}
          />
        </Suspense>
      ) : null}
    </article>
  );
}
