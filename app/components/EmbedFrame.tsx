/**
 * A full-width embedded page (help, special feature, content-site pages). The way out sits above
 * the frame: below a tall frame it would be off-screen when the frame stays blank.
 */
export function EmbedFrame({ src, title, tall = false }: { src: string; title: string; tall?: boolean }) {
  return (
    <div className={`embed${tall ? " embed--tall" : ""}`}>
      <p className="embed__fallback">
        Not loading?{" "}
        <a href={src} target="_blank" rel="noopener noreferrer">
          Open {title} in a new tab
        </a>
        .
      </p>
      <iframe
        src={src}
        title={title}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
      />
    </div>
  );
}
