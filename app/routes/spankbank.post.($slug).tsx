import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import lightboxStyles from "yet-another-react-lightbox/styles.css";
import { GalleryGate } from "~/components/GalleryGate";
import { GalleryPostPage } from "~/components/GalleryPostPage";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { slugParam } from "~/route-support/input.server";
import {
  errorResponse,
  galleryAccess,
  galleryGateAction,
  galleryHeaders,
  parseGalleryId,
  privateHeaders,
  resolveGalleryPost,
} from "~/route-support/gallery.server";
import { stillLoading } from "~/route-support/still-loading.server";
import galleryStyles from "~/styles/gallery.css";
import { errorTitle } from "~/route-support/meta";
import { orElse } from "~/route-support/or-else";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: lightboxStyles },
  { rel: "stylesheet", href: galleryStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  {
    title: data?.gate
      ? "Adults only — The Ham Radio Show"
      : data?.post
        ? `${data.post.title} — SpankBank`
        : errorTitle(error),
  },
  { name: "robots", content: "noindex" },
];

/** /SpankBank/Post?id=<gallery post id> or /SpankBank/Post/:slug (a gallery post, else a spnkbnk news post); ?id= wins. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { gate } = await galleryAccess(request, context);
  const id = parseGalleryId(new URL(request.url));
  const slug =
    id === null && params.slug !== undefined ? slugParam(params.slug, () => errorResponse(404, "Not Found")) : null;
  if (gate) return json({ gate, post: null }, { headers: privateHeaders() });
  const post = await orElse("gallery post", resolveGalleryPost(context.services, { id, slug }), stillLoading);
  if (!post) throw errorResponse(404, "Not Found");
  return json({ gate, post }, { headers: privateHeaders() });
}

export const action = galleryGateAction;
export const headers = galleryHeaders;

export default function SpankBankPost() {
  const { gate, post } = useLoaderData<typeof loader>();
  if (gate) return <GalleryGate redirectTo={gate.redirectTo} />;
  return post ? <GalleryPostPage post={post} /> : null;
}

export const ErrorBoundary = RouteErrorBoundary;
