import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ABOVE_THE_FOLD } from "~/components/Cards";
import { GalleryCard } from "~/components/GalleryCard";
import { GalleryGate } from "~/components/GalleryGate";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { LOADING_TEXT } from "~/rules/constants";
import { galleryAccess, galleryGateAction, galleryHeaders, privateHeaders } from "~/route-support/gallery.server";
import type { GalleryPost } from "~/services/types";
import galleryStyles from "~/styles/gallery.css";
import { orElse } from "~/route-support/or-else";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: galleryStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.gate ? "Adults only — The Ham Radio Show" : "SpankBank — The Ham Radio Show" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { gate } = await galleryAccess(request, context);
  if (gate) return json({ gate, posts: [] as GalleryPost[] | null }, { headers: privateHeaders() });
  // null when the source failed with no copy left: the page says 'Loading...'.
  const posts = await orElse("gallery", context.services.gallery.posts(), () => null);
  return json({ gate, posts }, { headers: privateHeaders() });
}

export const action = galleryGateAction;
export const headers = galleryHeaders;

export default function SpankBank() {
  const { gate, posts } = useLoaderData<typeof loader>();
  if (gate) return <GalleryGate redirectTo={gate.redirectTo} />;
  return (
    <section className="section gallery-index" aria-labelledby="spankbank-title">
      <h1 id="spankbank-title">SpankBank</h1>
      <p className="lede">Photos and videos from the bunker, the parties and fifteen years on air.</p>
      {/* The cards' titles are h3s: keep the heading order h1 → h2 → h3. */}
      <h2 className="visually-hidden">Posts</h2>
      {!posts ? (
        <p className="muted">{LOADING_TEXT}</p>
      ) : posts.length ? (
        <ul className="card-grid gallery-grid" aria-label="Gallery posts">
          {posts.map((post, i) => (
            <li key={post.id}>
              <GalleryCard post={post} priority={i < ABOVE_THE_FOLD.gallery} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Nothing in the SpankBank yet. Check back soon.</p>
      )}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
