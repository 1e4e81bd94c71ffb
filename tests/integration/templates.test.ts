// Email templates (spec part 3 §2 /corr, §4, §5) against a real PostgreSQL
// and real storage, through the routes' loaders and actions: the body is
// stored sanitized; another user's (or the system) template and its images
// answer 404 whatever the id; images are checked by content, one at a time,
// named, at most 2,000,000 bytes; the public image address answers 200 with
// the right headers, and 404 once the image (or its template) is deleted;
// the invitation page lists the user's active templates and a sent
// invitation carries the merged value and the image at APP_URL.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availableTemplates, resolveTarget } from "~/features/invitations/invite-context.server";
import { renderInvitation } from "~/features/invitations/render.server";
import { MAX_IMAGE_REQUEST_BYTES } from "~/features/templates/images.server";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { createSession } from "~/lib/session.server";
import { action as editorAction, loader as editorLoader } from "~/routes/corr.$id";
import { loader as listLoader } from "~/routes/corr._index";
import { action as uploadAction } from "~/routes/corr.upload";
import { loader as imageLoader } from "~/routes/timg.$file";
import { ensureCommissionScheduleDocuments } from "../../prisma/seed/documents";
import { useTestDatabase } from "../support/db";
import { createAgent, createAppointmentLink, createSchedule, createUser, seedReferenceData } from "../support/factories";
import { asUser } from "./appointment-fixtures";
import { filesOnDisk, responseOf } from "./upload-fixtures";

useTestDatabase();

const APP_URL = "http://portal.test:3000";
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "templates-test-"));
  process.env.DATA_DIR = dataDir;
  process.env.APP_URL = APP_URL;
  resetEnvCache();
  resetSecretsCache();
  await seedReferenceData();
}, 60_000);

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const PNG = () => {
  const b = new Uint8Array(200);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return b;
};
const GIF = () => new Uint8Array([...Buffer.from("GIF89a"), 1, 0, 1, 0, 0, 0, 0, 0x3b]);

async function signIn(userId: string) {
  return (await createSession(new Request(`${APP_URL}/`), { userId })).split(";")[0]!;
}

/** Status of what a loader/action returns or throws (Response or data()). */
async function statusOf(p: Promise<unknown> | (() => Promise<unknown>)): Promise<number> {
  try {
    const r = await (typeof p === "function" ? p() : p);
    return r instanceof Response ? r.status : ((r as { init?: { status?: number } })?.init?.status ?? 200);
  } catch (e) {
    if (e instanceof Response) return e.status;
    if (e && typeof e === "object" && "init" in e) return (e as { init: { status: number } }).init.status;
    throw e;
  }
}

const post = (cookie: string, p: string, fields: Record<string, string>) =>
  new Request(`${APP_URL}${p}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, Origin: APP_URL, "Content-Type": "application/x-www-form-urlencoded" },
  });
const get = (cookie: string, p: string) => new Request(`${APP_URL}${p}`, { headers: { Cookie: cookie } });

async function saveNew(cookie: string, fields: Record<string, string>) {
  const res = (await responseOf(() => editorAction({ request: post(cookie, "/corr/new", fields), params: { id: "new" }, context: {} }))) as Response;
  return res;
}

async function newTemplate(userId: string, over: Record<string, unknown> = {}) {
  return prisma.emailTemplate.create({
    data: { templateTypeId: 1003, userId, name: "Mine", description: "d", html: "<p>Hi [[ProspectFirstName]]</p>", ...over },
  });
}

type Upload = { name?: string; files?: Array<{ bytes: Uint8Array; filename: string; type?: string }> };
function uploadRequest(cookie: string, templateId: number | string, u: Upload) {
  const fd = new FormData();
  if (u.name !== undefined) fd.set("imageName", u.name);
  for (const f of u.files ?? []) fd.append("file", new File([f.bytes as BlobPart], f.filename, { type: f.type ?? "image/png" }));
  return new Request(`${APP_URL}/corr/upload?id=${templateId}`, { method: "POST", body: fd, headers: { Cookie: cookie, Origin: APP_URL } });
}
const upload = (cookie: string, templateId: number | string, u: Upload) =>
  responseOf(() => uploadAction({ request: uploadRequest(cookie, templateId, u), params: {}, context: {} }));
const resultOf = (res: Response) => new URL(res.headers.get("Location")!, APP_URL).searchParams.get("result");
const publicImage = (file: string) => responseOf(() => imageLoader({ request: new Request(`${APP_URL}/timg/${file}`), params: { file }, context: {} }));

describe("saving a template", () => {
  it("stores the body sanitized: no script, event handlers or javascript: links; back to the list with Done!", async () => {
    const user = await createUser(prisma, { userRoleCode: "USRROLE_MD" });
    const cookie = await signIn(user.id);
    const res = await saveNew(cookie, {
      name: "Hostile",
      description: "Tries everything",
      isActive: "on",
      body:
        '<p onclick="steal()">Dear [[ProspectFirstName]]<script>alert(1)</script></p>' +
        '<img src="/timg/0123456789abcdef0123456789abcdef.png" onerror="alert(2)" class="img-small">' +
        '<a href="javascript:alert(3)">click</a><a href="JAVASCRIPT:alert(4)">x</a><a href="https://ok.test/" onmouseover="x()">ok</a>' +
        '<iframe src="https://evil.test"></iframe><svg onload="alert(5)"></svg>',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/corr?saved=1");
    const stored = await prisma.emailTemplate.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.html).not.toMatch(/script|onclick|onerror|onmouseover|onload|javascript:|iframe|svg/i);
    expect(stored.html).toContain("Dear [[ProspectFirstName]]");
    expect(stored.html).toContain('src="/timg/0123456789abcdef0123456789abcdef.png"');
    expect(stored.html).toContain('<a href="https://ok.test/">ok</a>');
    expect(stored).toMatchObject({ name: "Hostile", description: "Tries everything", isActive: true, templateTypeId: 1003, isSystem: false });
    // The list shows it, with 'Done!'.
    const list = (await listLoader({ request: get(cookie, "/corr?saved=1"), params: {}, context: {} })) as Awaited<ReturnType<typeof listLoader>>;
    expect(list.notice?.title).toBe("Done!");
    expect(list.rows.map((r) => r.name)).toEqual(["Hostile"]);
  });

  it("refuses a blank name or description (400) and saves nothing", async () => {
    const user = await createUser(prisma, { userRoleCode: "USRROLE_MD" });
    const cookie = await signIn(user.id);
    const r = await editorAction({ request: post(cookie, "/corr/new", { name: " ", description: "", body: "<p>x</p>" }), params: { id: "new" }, context: {} });
    expect(await statusOf(Promise.resolve(r))).toBe(400);
    const reply = (r as unknown as { data: { reply: { error: Record<string, string[]> } } }).data.reply;
    expect(reply.error.name).toEqual(["Missing Template Name"]);
    expect(reply.error.description).toEqual(["Missing Description"]);
    expect(await prisma.emailTemplate.count({ where: { userId: user.id } })).toBe(0);
  });

  it("the list pages 100 at a time on the server and holds only the user's own templates", async () => {
    const user = await createUser(prisma, { userRoleCode: "USRROLE_MD" });
    const other = await createUser(prisma, { userRoleCode: "USRROLE_MD" });
    await prisma.emailTemplate.createMany({
      data: Array.from({ length: 101 }, (_, i) => ({ templateTypeId: 1003, userId: user.id, name: `T${String(i).padStart(3, "0")}`, description: "d", html: "<p></p>" })),
    });
    await newTemplate(other.id, { name: "Not yours" });
    const cookie = await signIn(user.id);
    const p0 = (await listLoader({ request: get(cookie, "/corr"), params: {}, context: {} })) as Awaited<ReturnType<typeof listLoader>>;
    expect(p0.rows).toHaveLength(100);
    expect(p0.totalRecords).toBe(101);
    const p1 = (await listLoader({ request: get(cookie, "/corr?page=1&pageSize=100"), params: {}, context: {} })) as Awaited<ReturnType<typeof listLoader>>;
    expect(p1.rows.map((r) => r.name)).toEqual(["T100"]);
    expect([...p0.rows, ...p1.rows].some((r) => r.name === "Not yours" || r.name === "Default Invitation")).toBe(false);
  });
});

describe("another user's template (change the id)", () => {
  it("answers 404 to view, save and delete, and changes nothing; the system Default Invitation likewise", async () => {
    const owner = await createUser(prisma, { userRoleCode: "USRROLE_MD" });
    const intruder = await createUser(prisma, { userRoleCode: "USRROLE_MD" });
    const t = await newTemplate(owner.id, { name: "Owner's" });
    const system = await prisma.emailTemplate.findUniqueOrThrow({ where: { systemCode: "DFT_MLT_INVITE" } });
    const cookie = await signIn(intruder.id);
    for (const id of [String(t.corrTemplateId), String(system.corrTemplateId), "999999999", "abc", "0"]) {
      expect(await statusOf(() => editorLoader({ request: get(cookie, `/corr/${id}`), params: { id }, context: {} }))).toBe(404);
      const save = post(cookie, `/corr/${id}`, { name: "Hacked", description: "Hacked", body: "<p>hacked</p>" });
      expect(await statusOf(() => editorAction({ request: save, params: { id }, context: {} }))).toBe(404);
      const del = post(cookie, `/corr/${id}`, { intent: "delete" });
      expect(await statusOf(() => editorAction({ request: del, params: { id }, context: {} }))).toBe(404);
    }
    expect(await prisma.emailTemplate.findUniqueOrThrow({ where: { corrTemplateId: t.corrTemplateId } })).toMatchObject({ name: "Owner's", html: t.html });
    expect((await prisma.emailTemplate.findUniqueOrThrow({ where: { corrTemplateId: system.corrTemplateId } })).html).toBe(system.html);
    // The owner sees and saves it.
    const ownerCookie = await signIn(owner.id);
    const mine = (await editorLoader({ request: get(ownerCookie, `/corr/${t.corrTemplateId}`), params: { id: String(t.corrTemplateId) }, context: {} })) as Awaited<ReturnType<typeof editorLoader>>;
    expect(mine.template.name).toBe("Owner's");
  });

  it("answers 404 to an image upload or an image delete on it; nothing stored or deleted", async () => {
    const owner = await createUser(prisma, { userRoleCode: "USRROLE_MD" });
    const intruder = await createUser(prisma, { userRoleCode: "USRROLE_MD" });
    const t = await newTemplate(owner.id);
    const own = await newTemplate(intruder.id);
    const ownerCookie = await signIn(owner.id);
    const up = await upload(ownerCookie, t.corrTemplateId, { name: "Logo", files: [{ bytes: PNG(), filename: "logo.png" }] });
    expect(resultOf(up)).toBe("SUCCESS");
    const img = await prisma.emailTemplateImage.findFirstOrThrow({ where: { corrTemplateId: t.corrTemplateId } });
    const before = filesOnDisk(dataDir);

    const cookie = await signIn(intruder.id);
    const refused = await upload(cookie, t.corrTemplateId, { name: "Mine now", files: [{ bytes: PNG(), filename: "x.png" }] });
    expect(refused.status).toBe(404);
    // Their own template's id with the owner's image id: 'Image Deletion Failed', 404.
    const del = await editorAction({ request: post(cookie, `/corr/${own.corrTemplateId}`, { intent: "deleteImage", imageId: String(img.corrTemplateImageId) }), params: { id: String(own.corrTemplateId) }, context: {} });
    expect(await statusOf(Promise.resolve(del))).toBe(404);
    expect((del as unknown as { data: { dialog: { title: string } } }).data.dialog.title).toBe("Image Deletion Failed");
    expect(await statusOf(() => editorAction({ request: post(cookie, `/corr/${t.corrTemplateId}`, { intent: "deleteImage", imageId: String(img.corrTemplateImageId) }), params: { id: String(t.corrTemplateId) }, context: {} }))).toBe(404);
    expect(await prisma.emailTemplateImage.count({ where: { corrTemplateId: t.corrTemplateId } })).toBe(1);
    expect(await prisma.emailTemplateImage.count({ where: { corrTemplateId: own.corrTemplateId } })).toBe(0);
    expect(filesOnDisk(dataDir)).toBe(before);
  });
});

describe("template images", () => {
  it("checks the content, not the name: PNG, JPG, GIF in, anything else 'Invalid File'; one file, named, at most 2,000,000 bytes", async () => {
    const user = await createUser(prisma, { userRoleCode: "USRROLE_MD" });
    const t = await newTemplate(user.id);
    const cookie = await signIn(user.id);
    const before = filesOnDisk(dataDir);
    const pdfAsPng = new TextEncoder().encode("%PDF-1.4\n%fake png\n");
    expect(resultOf(await upload(cookie, t.corrTemplateId, { name: "Fake", files: [{ bytes: pdfAsPng, filename: "fake.png" }] }))).toBe("INVALID");
    const html = new TextEncoder().encode("<script>alert(1)</script>");
    expect(resultOf(await upload(cookie, t.corrTemplateId, { name: "Html", files: [{ bytes: html, filename: "x.gif", type: "image/gif" }] }))).toBe("INVALID");
    const big = PNG();
    const huge = new Uint8Array(2_000_001);
    huge.set(big.subarray(0, 8));
    expect(resultOf(await upload(cookie, t.corrTemplateId, { name: "Huge", files: [{ bytes: huge, filename: "huge.png" }] }))).toBe("INVALID");
    // Over the request's cap (counted as it streams): still 'Invalid File', from the route.
    const overCap = new Uint8Array(MAX_IMAGE_REQUEST_BYTES + 1);
    overCap.set(big.subarray(0, 8));
    const capped = await upload(cookie, t.corrTemplateId, { name: "Way too big", files: [{ bytes: overCap, filename: "big.png" }] });
    expect(resultOf(capped)).toBe("INVALID");
    expect(resultOf(await upload(cookie, t.corrTemplateId, { name: "None" }))).toBe("NO_FILE");
    expect(resultOf(await upload(cookie, t.corrTemplateId, { name: "Two", files: [{ bytes: PNG(), filename: "a.png" }, { bytes: PNG(), filename: "b.png" }] }))).toBe("TOO_MANY");
    expect(resultOf(await upload(cookie, t.corrTemplateId, { name: "  ", files: [{ bytes: PNG(), filename: "a.png" }] }))).toBe("NO_NAME");
    expect(await prisma.emailTemplateImage.count({ where: { corrTemplateId: t.corrTemplateId } })).toBe(0);
    expect(filesOnDisk(dataDir)).toBe(before);
    // A GIF named .txt is a GIF; exactly 2,000,000 bytes is allowed.
    expect(resultOf(await upload(cookie, t.corrTemplateId, { name: "Banner", files: [{ bytes: GIF(), filename: "banner.txt", type: "text/plain" }] }))).toBe("SUCCESS");
    const max = new Uint8Array(2_000_000);
    max.set([0xff, 0xd8, 0xff, 0xe0]);
    expect(resultOf(await upload(cookie, t.corrTemplateId, { name: "Photo", files: [{ bytes: max, filename: "photo.jpeg", type: "image/jpeg" }] }))).toBe("SUCCESS");
    const imgs = await prisma.emailTemplateImage.findMany({ where: { corrTemplateId: t.corrTemplateId }, orderBy: { corrTemplateImageId: "asc" }, include: { storedFile: true } });
    expect(imgs.map((i) => [i.imageName, i.imageTypeCode, i.storedFile.contentType, i.storedFile.byteSize])).toEqual([
      ["Banner", "gif", "image/gif", GIF().byteLength],
      ["Photo", "jpg", "image/jpeg", 2_000_000],
    ]);
    expect(imgs.every((i) => /^[0-9a-f]{32}$/.test(i.publicToken))).toBe(true);
    expect(new Set(imgs.map((i) => i.publicToken)).size).toBe(2);
  });

  it("are served at a public unguessable address (no sign-in) until deleted, then 404", async () => {
    const user = await createUser(prisma, { userRoleCode: "USRROLE_MD" });
    const t = await newTemplate(user.id);
    const cookie = await signIn(user.id);
    expect(resultOf(await upload(cookie, t.corrTemplateId, { name: "Logo", files: [{ bytes: PNG(), filename: "logo.png" }] }))).toBe("SUCCESS");
    const img = await prisma.emailTemplateImage.findFirstOrThrow({ where: { corrTemplateId: t.corrTemplateId } });
    const file = `${img.publicToken}.png`;
    const ok = await publicImage(file);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toBe("image/png");
    expect(ok.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(ok.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+/);
    expect(new Uint8Array(await ok.arrayBuffer())).toEqual(PNG());
    // The wrong extension, a guessed token, the image id: 404.
    expect((await publicImage(`${img.publicToken}.gif`)).status).toBe(404);
    expect((await publicImage(`${"0".repeat(32)}.png`)).status).toBe(404);
    expect((await publicImage(`${img.corrTemplateImageId}.png`)).status).toBe(404);
    // The editor lists it with its address.
    const editor = (await editorLoader({ request: get(cookie, `/corr/${t.corrTemplateId}`), params: { id: String(t.corrTemplateId) }, context: {} })) as Awaited<ReturnType<typeof editorLoader>>;
    expect(editor.template.images.map((i) => i.url)).toEqual([`/timg/${file}`]);

    const before = filesOnDisk(dataDir);
    const del = (await responseOf(() => editorAction({ request: post(cookie, `/corr/${t.corrTemplateId}`, { intent: "deleteImage", imageId: String(img.corrTemplateImageId) }), params: { id: String(t.corrTemplateId) }, context: {} }))) as Response;
    expect(del.status).toBe(303);
    expect(del.headers.get("Location")).toContain("result=IMAGE_DELETED");
    expect((await publicImage(file)).status).toBe(404);
    expect(filesOnDisk(dataDir)).toBe(before - 1);
    expect(await prisma.storedFile.count({ where: { id: img.storedFileId } })).toBe(0);
    // Deleting it again: 'Image Deletion Failed'.
    const again = await editorAction({ request: post(cookie, `/corr/${t.corrTemplateId}`, { intent: "deleteImage", imageId: String(img.corrTemplateImageId) }), params: { id: String(t.corrTemplateId) }, context: {} });
    expect(await statusOf(Promise.resolve(again))).toBe(404);
  });

  it("go with their template when it is deleted (rows, files, public address)", async () => {
    const user = await createUser(prisma, { userRoleCode: "USRROLE_MD" });
    const t = await newTemplate(user.id);
    const cookie = await signIn(user.id);
    await upload(cookie, t.corrTemplateId, { name: "Logo", files: [{ bytes: PNG(), filename: "logo.png" }] });
    const img = await prisma.emailTemplateImage.findFirstOrThrow({ where: { corrTemplateId: t.corrTemplateId } });
    const before = filesOnDisk(dataDir);
    const res = (await responseOf(() => editorAction({ request: post(cookie, `/corr/${t.corrTemplateId}`, { intent: "delete" }), params: { id: String(t.corrTemplateId) }, context: {} }))) as Response;
    expect(res.headers.get("Location")).toBe("/corr?deleted=1");
    expect(await prisma.emailTemplate.count({ where: { corrTemplateId: t.corrTemplateId } })).toBe(0);
    expect(await prisma.storedFile.count({ where: { id: img.storedFileId } })).toBe(0);
    expect(filesOnDisk(dataDir)).toBe(before - 1);
    expect((await publicImage(`${img.publicToken}.png`)).status).toBe(404);
  });
});

describe("templates in invitations", () => {
  it("the invitation page offers the user's active templates; the email carries the merged value and the image at APP_URL", async () => {
    const user = await createUser(prisma, { userRoleCode: "USRROLE_MD", firstName: "Morgan", lastName: "Director" });
    const md = await createAgent(prisma, { userId: user.id, hierarchyLevel: 1 });
    const block = await prisma.block.findUniqueOrThrow({ where: { blockNumber: md.blockNumber } });
    const schedule = await createSchedule(prisma, { carrierId: block.carrierId, productTypeCode: "HEALTH" });
    await ensureCommissionScheduleDocuments(prisma);
    const link = await createAppointmentLink(prisma, { recruiterAgentId: md.id, scheduleLevelId: schedule.levels[0]!.scheduleLevelId });
    const cookie = await signIn(user.id);
    await saveNew(cookie, { name: "With image", description: "d", isActive: "on", body: "<p>x</p>" });
    await saveNew(cookie, { name: "Switched off", description: "d", body: "<p>x</p>" });
    const t = await prisma.emailTemplate.findFirstOrThrow({ where: { userId: user.id, name: "With image" } });
    await upload(cookie, t.corrTemplateId, { name: "Team photo", files: [{ bytes: PNG(), filename: "team.png" }] });
    const img = await prisma.emailTemplateImage.findFirstOrThrow({ where: { corrTemplateId: t.corrTemplateId } });
    const body = `<p>Hello [[ProspectFirstName]],</p><p><img src="/timg/${img.publicToken}.png" alt="Team photo" class="img-medium"></p><p>[[AppointmentLink]]</p>`;
    await editorAction({ request: post(cookie, `/corr/${t.corrTemplateId}`, { name: "With image", description: "d", isActive: "on", body }), params: { id: String(t.corrTemplateId) }, context: {} });

    const offered = await availableTemplates(prisma, asUser(user));
    expect(offered.map((o) => o.name)).toContain("With image");
    expect(offered.map((o) => o.name)).not.toContain("Switched off");
    const template = offered.find((o) => o.name === "With image")!;

    const target = await resolveTarget(prisma, asUser(user), { link: `${link.linkPrefix}${link.code}` });
    if (!target.ok) throw new Error("no target");
    const sent = await renderInvitation(prisma, target.target, { firstName: "Ada", lastName: "Prospect", email: "ada.prospect@example.com", body: template.html, subject: template.subject });
    expect(sent.html).toContain("Hello Ada,");
    expect(sent.html).toContain(`src="${APP_URL}/timg/${img.publicToken}.png"`);
    expect(sent.html).toContain('width="300"');
    expect((await publicImage(`${img.publicToken}.png`)).status).toBe(200);
  });
});
