import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import lightboxStyles from "yet-another-react-lightbox/styles.css";
import { GalleryGate } from "~/components/GalleryGate";
import { GalleryPostPage } from "~/components/GalleryPostPage";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { galleryGateAction, galleryHeaders, galleryPostLoader } from "~/services/gallery-page.server";
import galleryStyles from "~/styles/gallery.css";
import { errorTitle } from "~/utils/meta";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: lightboxStyles },
  { rel: "stylesheet", href: galleryStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: data?.gate ? "Adults only — The Ham Radio Show" : data?.post ? `${data.post.title} — SpankBank` : errorTitle(error) },
  { name: "robots", content: "noindex" },
];

/** SPEC §2 Cards: /SpankBank/Post?id=<id> (a gallery card), signed-in only, behind the 18+ gate. */
export const loader = (args: LoaderFunctionArgs) => galleryPostLoader(args);
export const action = galleryGateAction;
export const headers = galleryHeaders;

export default function SpankBankPostById() {
  const { gate, post } = useLoaderData<typeof loader>();
  if (gate) return <GalleryGate redirectTo={gate.redirectTo} />;
  return post ? <GalleryPostPage post={post} /> : null;
}

export const ErrorBoundary = RouteErrorBoundary;
