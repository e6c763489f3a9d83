import { Link } from "@remix-run/react";
import type { GalleryPost } from "~/services/types";
import { galleryLink } from "~/rules/news";
import { DEFAULT_EPISODE_IMAGE } from "~/rules/constants";

// Not in ./Cards.tsx, which every page's first load carries whole.

/** docs/product.md §2 Cards: "Gallery card click goes to /SpankBank/Post?id=<id>". */
export function GalleryCard({ post, priority = false }: { post: GalleryPost; priority?: boolean }) {
  return (
    <article className="card gallery-card">
      <Link to={galleryLink(post.id)} className="gallery-card__link">
        <img
          src={post.image ?? DEFAULT_EPISODE_IMAGE}
          alt=""
          width="300"
          height="300"
          loading={priority ? "eager" : "lazy"}
          decoding="async"
        />
        <h3 className="card__title">{post.title}</h3>
      </Link>
    </article>
  );
}
