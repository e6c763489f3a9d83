import type { LoaderFunctionArgs } from "@remix-run/node";
import { cacheHeaders } from "~/route-support/cache-policy";
import { fileResponse } from "~/route-support/file-response.server";
import { errorResponse, requireGalleryViewer } from "~/route-support/gallery.server";

/**
 * /SpankBank/media/<file>: the embedded gallery's photos and videos, to signed-in listeners who
 * confirmed they are 18 or older, kept by their browser only (ADR 048). A WordPress gallery's
 * media are its host's URLs: nothing is served here then (404).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireGalleryViewer(context);
  const file = await context.services.galleryFiles.file(params.name ?? "");
  if (!file) throw errorResponse(404, "Not Found");
  return fileResponse(request, file, cacheHeaders("galleryMedia"));
}
