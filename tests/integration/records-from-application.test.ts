// Issue 36 item 1 (decision 0098): at submission the application's resident licence and its uploaded
// E&O and AML certificates become records of its NPN with source APPLICATION (to confirm), which
// satisfy no rule: the approval is refused until an administrator confirms them. Nothing of another
// source is overwritten, and nothing is written for an NPN another person's agent position holds.
// Through submitApplication (the submit route's function), on the real database.
import { describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server";
import { submitApplication } from "~/features/appointment/appointment.server";
import { LICENCE_MESSAGES, reasonText } from "~/features/licences/messages";
import { licenceCheck } from "~/features/licences/rules.server";
import { approveApplication } from "~/features/review/decisions.server";
import { useTestDatabase } from "../support/db";
import { createAgent, createLicence, createUser } from "../support/factories";
import { filledIn, req, useWorldWithJobs } from "./appointment-fixtures";

useTestDatabase();
const world = useWorldWithJobs();

let seq = 0;
/** A filled-in application of a fresh NPN, with the E&O and AML certificates uploaded. */
async function ready() {
  const npn = `7${String(Date.now() % 1e6).padStart(6, "0")}${seq++}`;
  const { user, id } = await filledIn(world, "APPTTYP_IND");
  await prisma.appointmentPersonal.update({ where: { appointmentId: id }, data: { nationalProducerNumber: npn } });
  const files: Record<string, string> = {};
  for (const type of ["DOCTYP_EO_CERT", "DOCTYP_AML_CERT"]) {
    const file = await prisma.storedFile.create({ data: { storageKey: `test/${npn}-${type}.pdf`, fileName: `${type}.pdf`, contentType: "application/pdf", byteSize: 10, sha256: "x" } });
    await prisma.document.create({ data: { documentTypeCode: type, kindCode: "UPLOAD", title: type, appointmentId: id, storedFileId: file.id } });
    files[type] = file.id;
  }
  return { user, id, npn, files };
}

async function submitted(a: Awaited<ReturnType<typeof ready>>) {
  const r = await submitApplication(a.user, a.id, req(), { cvc: "123" });
  expect(r.ok, JSON.stringify(r)).toBe(true);
}

const licencesOf = (npn: string) =>
  prisma.producerLicence.findMany({ where: { npn }, select: { stateCode: true, licenceNumber: true, isResident: true, loaLife: true, source: true }, orderBy: { stateCode: "asc" } });
const credentialsOf = (npn: string) =>
  prisma.producerCredential.findMany({ where: { npn }, select: { kind: true, expiryDate: true, source: true, storedFileId: true }, orderBy: { kind: "asc" } });

describe("records from the application", () => {
  it("submit makes the resident license and the certificates records to confirm; the approval waits for them", async () => {
    const a = await ready();
    expect(await licencesOf(a.npn)).toEqual([]);
    await submitted(a);
    expect(await licencesOf(a.npn)).toEqual([{ stateCode: "TX", licenceNumber: "TX-2301850", isResident: true, loaLife: false, source: "APPLICATION" }]);
    expect(await credentialsOf(a.npn)).toEqual([
      { kind: "AML", expiryDate: null, source: "APPLICATION", storedFileId: a.files.DOCTYP_AML_CERT },
      { kind: "EO", expiryDate: null, source: "APPLICATION", storedFileId: a.files.DOCTYP_EO_CERT },
    ]);
    const audited = await prisma.auditLog.findMany({ where: { action: { in: ["LICENCE_CREATED", "CREDENTIAL_CREATED"] }, details: { path: ["npn"], equals: a.npn } } });
    expect(audited.map((r) => [r.action, (r.details as { source: string }).source, r.actorUserId]).sort()).toEqual([
      ["CREDENTIAL_CREATED", "APPLICATION", a.user.id],
      ["CREDENTIAL_CREATED", "APPLICATION", a.user.id],
      ["LICENCE_CREATED", "APPLICATION", a.user.id],
    ]);

    const check = await licenceCheck(prisma, a.id, "2027-01-01");
    expect(check?.problems.map((p) => p.code).sort()).toEqual(["CREDENTIAL_TO_CONFIRM", "CREDENTIAL_TO_CONFIRM", "LICENCE_TO_CONFIRM"]);
    const admin = await createUser(prisma, { isInternal: true, userRoleCode: "USRROLE_AGENT" });
    const refused = await approveApplication({ appointmentId: a.id, adminUserId: admin.id, reason: "Looks complete." });
    expect(refused).toMatchObject({ ok: false, code: "UNLICENSED", message: LICENCE_MESSAGES.approvalRefused });
    expect(refused.ok ? [] : refused.reasons).toContain(reasonText({ code: "LICENCE_TO_CONFIRM", stateCode: "TX" }));
    expect(refused.ok ? [] : refused.reasons).toContain(reasonText({ code: "CREDENTIAL_TO_CONFIRM", kind: "EO" }));
  });

  it("keeps another source's license and a valid confirmed certificate as they are", async () => {
    const a = await ready();
    await createLicence(prisma, { npn: a.npn, stateCode: "TX", licenceNumber: "TX-0000001", isResident: true, source: "AGENT" });
    await prisma.producerCredential.create({ data: { npn: a.npn, kind: "EO", policyNumber: "P-1", expiryDate: new Date("2099-01-01T00:00:00Z"), source: "ADMIN" } });
    await submitted(a);
    expect(await licencesOf(a.npn)).toEqual([{ stateCode: "TX", licenceNumber: "TX-0000001", isResident: true, loaLife: true, source: "AGENT" }]);
    expect((await credentialsOf(a.npn)).map((c) => [c.kind, c.source])).toEqual([
      ["AML", "APPLICATION"],
      ["EO", "ADMIN"],
    ]);
  });

  it("writes nothing for an NPN another person's agent position holds", async () => {
    const a = await ready();
    const other = await createUser(prisma, { userRoleCode: "USRROLE_AGENT" });
    await createAgent(prisma, { npn: a.npn, userId: other.id });
    await submitted(a);
    expect(await licencesOf(a.npn)).toEqual([]);
    expect(await credentialsOf(a.npn)).toEqual([]);
  });

  it("only a record from the application may lack an expiry (the database's CHECK)", async () => {
    await expect(prisma.producerCredential.create({ data: { npn: "99887766", kind: "EO", expiryDate: null, source: "ADMIN" } })).rejects.toThrow(/producer_credentials_expiry_known/);
  });
});
