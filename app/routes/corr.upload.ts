// POST /corr/upload?id=<template> (a resource route): one template image
// (multipart imageName + file), for one of the user's saved templates (any
// other id: 404 with a small page, checked before the body is read: a
// resource route has no error boundary, and the template may have been
// deleted in another tab while its editor was open). The answer goes back to
// the editor's Template Images as ?result=<code> (Success, Upload What?, Too
// Many Images at Once, Invalid File, Image Name Required). The body cap of
// this path is given to the HTTP server by app/entry.server.tsx.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { handleImageUpload } from "~/features/templates/images.server";
import { RESULT_PARAM } from "~/features/templates/schema";
import { parseTemplateId } from "~/features/templates/templates.server";
import { refusalPage } from "~/lib/refusal.server";
import { applySecurityHeaders } from "~/lib/security.server";
import { requireCapability } from "~/lib/permissions.server";

const TEMPLATE_NOT_FOUND = {
  title: "Template Not Found",
  message: "This email template was not found: it may have been deleted. Nothing was uploaded. Open Email Templates and try again.",
} as const;

function notFound(): Response {
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  applySecurityHeaders(headers);
  return new Response(refusalPage(404, TEMPLATE_NOT_FOUND.title, TEMPLATE_NOT_FOUND.message), { status: 404, headers });
}

export async function loader() {
  return notFound();
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response("Method Not Allowed", { status: 405 });
  const user = await requireCapability(request, "manage:email-template");
  let outcome;
  try {
    outcome = await handleImageUpload(request, user);
  } catch (error) {
    if (error instanceof Response && error.status === 404) return notFound();
    if (error instanceof Response) throw error;
    console.error("[corr] image upload failed:", (error as Error).message);
    const id = parseTemplateId(new URL(request.url).searchParams.get("id"));
    if (id === null) return notFound();
    return redirect(`/corr/${id}?${RESULT_PARAM}=ERROR#images`, 303);
  }
  return redirect(`/corr/${outcome.corrTemplateId}?${RESULT_PARAM}=${outcome.result}#images`, 303);
}
