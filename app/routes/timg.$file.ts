// GET /timg/<publicToken>.<png|jpg|gif>: a template image as email clients
// fetch it (spec part 3 §7 'Image URLs are built from the API image path
// plus {imageId}.{type}'). No sign-in: the address carries 128 random bits
// and is the only way to the image. A deleted image answers 404.
// Decisions: docs/decisions/0025-email-templates.md.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { findPublicImage } from "~/features/templates/images.server";
import { IMAGE_CONTENT_TYPES } from "~/features/templates/schema";
import { fileResponse, StoredFileMissingError } from "~/lib/storage.server";

const notFound = () =>
  new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } });

export async function loader({ params }: LoaderFunctionArgs) {
  const found = await findPublicImage(params.file ?? "");
  if (!found) return notFound();
  try {
    return await fileResponse(found.file, {
      disposition: "inline",
      fileName: `image.${found.type}`,
      contentType: IMAGE_CONTENT_TYPES[found.type],
      headers: {
        // Mail clients and their image proxies may keep it a day; a deleted image is gone after that.
        "Cache-Control": "public, max-age=86400",
        "Cross-Origin-Resource-Policy": "cross-origin",
        "Content-Security-Policy": "default-src 'none'; sandbox",
      },
    });
  } catch (error) {
    if (error instanceof StoredFileMissingError) return notFound();
    throw error;
  }
}
