// The stored record as a save and a submit read it (loadRecord: one statement
// written by hand, docs/performance.md 'Saves, third pass') is what Prisma
// returns for the same rows: every field, with its type (Dates, Decimals,
// nulls), for a new application and filled-in ones of several types; and the
// personal questions, uploaded document types and state codes read with it
// are those of their own queries.
import { describe, expect, it } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";
import { loadRecord, personalQuestions, recordInclude, uploadedTypes, type StoredRecord } from "~/features/appointment/record.server";
import { useTestDatabase } from "../support/db";
import { filledIn, newApplication, useWorldWithJobs } from "./appointment-fixtures";

useTestDatabase();

const world = useWorldWithJobs();

const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((x, y) => x.id.localeCompare(y.id));
/** The record with its unordered lists in one order (Prisma and the statement may list them differently). */
const comparable = (a: StoredRecord) => ({ ...a, addresses: byId(a.addresses), answers: byId(a.answers), signatures: byId(a.signatures) });

async function expectSameAsPrisma(id: number) {
  const viaPrisma = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id }, include: recordInclude });
  const now = new Date();
  const loaded = await prisma.$transaction((tx) => loadRecord(tx, id, now));
  expect(comparable(loaded.a)).toStrictEqual(comparable(viaPrisma));
  expect(loaded.questions).toStrictEqual(await personalQuestions(prisma));
  expect(loaded.ctx.hasUploaded).toStrictEqual(await uploadedTypes(prisma, id, loaded.ctx.appointmentTypeCode));
  const codes = (await prisma.stateFee.findMany({ select: { stateCode: true } })).map((s) => s.stateCode);
  expect([...loaded.stateCodes].sort()).toEqual(codes.sort());
  expect(codes.length).toBeGreaterThan(10);
  // A save of one section leaves out what its rules do not use.
  const lean = await prisma.$transaction((tx) => loadRecord(tx, id, now, { questions: false, uploads: false }));
  expect(comparable(lean.a)).toStrictEqual(comparable(viaPrisma));
  expect(lean.questions).toEqual([]);
  expect(lean.ctx.hasUploaded).toEqual({});
  return viaPrisma;
}

describe("loadRecord: one statement, the rows Prisma returns", () => {
  it("a new application (no section saved yet)", async () => {
    const { id } = await newApplication(world);
    const a = await expectSameAsPrisma(id);
    expect(a.bankInfo).toBeNull();
    expect(a.states).toEqual([]);
  });

  it.each([["APPTTYP_IND"], ["APPTTYP_CORP"], ["APPTTYP_REP"]] as const)("a filled-in application (%s), with an uploaded document", async (type) => {
    const { id, user } = await filledIn(world, type, { willFax: false, extraWritingNumRequested: true });
    const file = await prisma.storedFile.create({
      data: { storageKey: `record-test-${id}`, fileName: "eo.pdf", contentType: "application/pdf", byteSize: 1, sha256: "0" },
    });
    await prisma.document.create({
      data: {
        documentTypeCode: "DOCTYP_EO_CERT",
        kindCode: "UPLOAD",
        title: "E&O",
        appointmentId: id,
        appUserId: user.id,
        isCurrent: true,
        storedFileId: file.id,
      },
    });
    const a = await expectSameAsPrisma(id);
    // What the comparison covers: typed values of every kind.
    expect(a.personal?.birthDate).toBeInstanceOf(Date);
    expect(a.signatures.length).toBeGreaterThan(3);
    expect(a.addresses.length).toBeGreaterThan(0);
    if (type === "APPTTYP_REP") {
      expect(a.states.length).toBeGreaterThan(0);
      expect(a.states[0]!.feeAmount).toBeInstanceOf(Prisma.Decimal);
    }
  });
});
