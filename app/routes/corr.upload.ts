// POST /corr/upload?id=<template> (a resource route): one template image
// (multipart imageName + file), for one of the user's saved templates (any
// other id: 404, checked before the body is read). The answer goes back to
// the editor's Template Images as ?result=<code> (Success, Upload What?, Too
// Many Images at Once, Invalid File, Image Name Required). The body cap of
// this path is given to the HTTP server by app/entry.server.tsx.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { handleImageUpload } from "~/features/templates/images.server";
import { RESULT_PARAM } from "~/features/templates/schema";
import { parseTemplateId } from "~/features/templates/templates.server";
import { requireUser } from "~/lib/auth.server";

export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response("Method Not Allowed", { status: 405 });
  const user = await requireUser(request);
  let outcome;
  try {
    outcome = await handleImageUpload(request, user);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("[corr] image upload failed:", (error as Error).message);
    const id = parseTemplateId(new URL(request.url).searchParams.get("id"));
    if (id === null) throw new Response("Not Found", { status: 404 });
    return redirect(`/corr/${id}?${RESULT_PARAM}=ERROR#images`, 303);
  }
  return redirect(`/corr/${outcome.corrTemplateId}?${RESULT_PARAM}=${outcome.result}#images`, 303);
}
