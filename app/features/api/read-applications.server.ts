// GET /api/v1/applications, /applications/{id} and /applications/{id}/documents (decision 0076).
// One statement a page (Prisma's relation joins). The select names the *Last4 columns and never a
// ciphertext column: no sensitive value is read, let alone decrypted, on this path.
import type { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";
import { statusText } from "~/features/appointment/status";
import { withheldDocument } from "~/features/documents/appointment-document-sources.server";
import { type ApplicationPageSchema, type ApplicationSchema, type DocumentListSchema } from "./schemas";
import { ApiProblem } from "./http.server";
import { pageOf, pageWhere, type PageQuery } from "./paging.server";

const ref = { select: { id: true, agentNumber: true } } as const;

const applicationSelect = {
  appointmentId: true,
  appointmentTypeCode: true,
  appointmentStatusCode: true,
  isPaperAppointment: true,
  appointmentLinkId: true,
  multiLinkId: true,
  invitationId: true,
  recruiterAgent: ref,
  agent: ref,
  commissionRemitTypeCode: true,
  createdAt: true,
  updatedAt: true,
  startDt: true,
  submittedAt: true,
  approvedAt: true,
  rejectedAt: true,
  abandonedAt: true,
  erasedAt: true,
  rejectionReason: true,
  personal: {
    select: {
      firstName: true,
      middleName: true,
      lastName: true,
      birthDate: true,
      emailAddress: true,
      nationalProducerNumber: true,
      residentStateCode: true,
      residentStateInsuranceLicenseNumber: true,
      cellNumber: true,
      phoneNumber: true,
      businessTypeCode: true,
      businessName: true,
      businessPhone: true,
      ssnLast4: true,
      businessTaxIdLast4: true,
      sendCorrespondenceToCode: true,
    },
  },
  addresses: { select: { addressTypeCode: true, address1: true, address2: true, city: true, stateCode: true, zipCode: true }, orderBy: { addressTypeCode: "asc" } },
  bankInfo: { select: { bankName: true, accountName: true, accountTypeCode: true, accountNumberLast4: true, routingNumberLast4: true } },
  commissionRemitAssign: { select: { agentAgencyName: true, ssnTaxIdLast4: true, address1: true, address2: true, city: true, stateCode: true, zip: true } },
  irsInfo: { select: { name: true, businessName: true, businessTypeCode: true, employerIdNumberLast4: true } },
  states: { select: { stateCode: true, stateName: true, feeAmount: true, isResident: true }, orderBy: { stateCode: "asc" } },
  cardInfo: { select: { creditCardTypeCode: true, cardLast4: true } },
  signatures: { select: { signatureTypeCode: true, signedAt: true }, orderBy: { signatureTypeCode: "asc" } },
  carrierBlocks: { select: { carrierId: true, levelNo: true, agent: ref, companyNumber: true, blockNumber: true }, orderBy: { id: "asc" } },
  decisions: { select: { decisionCode: true, reason: true, sections: true, decidedAt: true }, orderBy: { decidedAt: "asc" } },
} as const satisfies Prisma.AppointmentSelect;

type Row = Prisma.AppointmentGetPayload<{ select: typeof applicationSelect }>;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const four = (s: string | null | undefined) => s?.slice(-4) || null;
const agentRef = (a: { id: number; agentNumber: string } | null) => (a ? { id: a.id, agent_number: a.agentNumber } : null);

function applicationBody(a: Row): z.input<typeof ApplicationSchema> {
  const p = a.personal;
  return {
    id: a.appointmentId,
    type: a.appointmentTypeCode,
    status: a.appointmentStatusCode,
    status_label: statusText(a.appointmentStatusCode),
    paper: a.isPaperAppointment,
    link_id: a.appointmentLinkId,
    multi_link_id: a.multiLinkId,
    invitation_id: a.invitationId,
    recruiter: agentRef(a.recruiterAgent),
    agent: agentRef(a.agent),
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
    started_at: a.startDt.toISOString(),
    submitted_at: iso(a.submittedAt),
    decided_at: iso(a.approvedAt ?? a.rejectedAt),
    approved_at: iso(a.approvedAt),
    rejected_at: iso(a.rejectedAt),
    abandoned_at: iso(a.abandonedAt),
    erased_at: iso(a.erasedAt),
    rejection_reason: a.rejectionReason,
    sections: {
      personal: p
        ? {
            first_name: p.firstName,
            middle_name: p.middleName,
            last_name: p.lastName,
            birth_date: p.birthDate ? p.birthDate.toISOString().slice(0, 10) : null,
            email: p.emailAddress,
            npn: p.nationalProducerNumber,
            resident_state_code: p.residentStateCode,
            resident_licence_number: p.residentStateInsuranceLicenseNumber,
            cell_number: p.cellNumber,
            phone_number: p.phoneNumber,
            business_type_code: p.businessTypeCode,
            business_name: p.businessName,
            business_phone: p.businessPhone,
            ssn_last4: four(p.ssnLast4),
            business_tax_id_last4: four(p.businessTaxIdLast4),
            correspondence_to: p.sendCorrespondenceToCode,
            addresses: a.addresses.map((x) => ({ type: x.addressTypeCode, address1: x.address1, address2: x.address2, city: x.city, state_code: x.stateCode, zip_code: x.zipCode })),
          }
        : null,
      commissions: {
        remit_type: a.commissionRemitTypeCode,
        bank: a.bankInfo
          ? {
              bank_name: a.bankInfo.bankName,
              account_name: a.bankInfo.accountName,
              account_type: a.bankInfo.accountTypeCode,
              account_number_last4: four(a.bankInfo.accountNumberLast4),
              routing_number_last4: four(a.bankInfo.routingNumberLast4),
            }
          : null,
        assignment: a.commissionRemitAssign
          ? {
              agency_name: a.commissionRemitAssign.agentAgencyName,
              ssn_tax_id_last4: four(a.commissionRemitAssign.ssnTaxIdLast4),
              address1: a.commissionRemitAssign.address1,
              address2: a.commissionRemitAssign.address2,
              city: a.commissionRemitAssign.city,
              state_code: a.commissionRemitAssign.stateCode,
              zip_code: a.commissionRemitAssign.zip,
            }
          : null,
        w9: a.irsInfo
          ? { name: a.irsInfo.name, business_name: a.irsInfo.businessName, business_type_code: a.irsInfo.businessTypeCode, employer_id_last4: four(a.irsInfo.employerIdNumberLast4) }
          : null,
      },
      fees: {
        states: a.states.map((s) => ({ state_code: s.stateCode, state_name: s.stateName, fee: s.feeAmount.toFixed(2), resident: s.isResident })),
        card: a.cardInfo ? { type: a.cardInfo.creditCardTypeCode, card_last4: four(a.cardInfo.cardLast4) } : null,
      },
      agreements: { signatures: a.signatures.map((s) => ({ type: s.signatureTypeCode, signed_at: iso(s.signedAt) })) },
      carrier_blocks: a.carrierBlocks.map((c) => ({ carrier_id: c.carrierId, level: c.levelNo, agent: agentRef(c.agent), company_number: c.companyNumber, block_number: c.blockNumber })),
    },
    decisions: a.decisions.map((d) => ({ decision: d.decisionCode, reason: d.reason, sections: d.sections, decided_at: d.decidedAt.toISOString() })),
  };
}

// Deleted applications (is_deleted) are not the API's: they answer 404 like an unknown id.
const live = { isDeleted: false } as const;

export async function applicationPage(q: PageQuery<number>): Promise<z.input<typeof ApplicationPageSchema>> {
  const pw = pageWhere(q, "appointmentId");
  const rows = await prisma.appointment.findMany({ ...pw, where: { AND: [live, pw.where] }, select: applicationSelect });
  const { rows: kept, nextCursor } = pageOf(rows, q, (r) => r.appointmentId);
  return { data: kept.map(applicationBody), next_cursor: nextCursor };
}

export async function applicationById(id: number): Promise<z.input<typeof ApplicationSchema>> {
  const row = await prisma.appointment.findFirst({ where: { appointmentId: id, ...live }, select: applicationSelect });
  if (!row) throw new ApiProblem(404, "No application has this id.");
  return applicationBody(row);
}

/** The current uploads and generated documents of an application (the combined application PDF once submitted). */
export async function applicationDocuments(id: number): Promise<z.input<typeof DocumentListSchema>> {
  const row = await prisma.appointment.findFirst({
    where: { appointmentId: id, ...live },
    select: {
      commissionRemitTypeCode: true,
      documents: {
        where: { isCurrent: true, kindCode: { in: ["UPLOAD", "GENERATED"] } },
        select: { id: true, documentTypeCode: true, kindCode: true, title: true, version: true, uploadedAt: true, storedFile: { select: { fileName: true, byteSize: true } } },
        orderBy: [{ uploadedAt: "asc" }, { id: "asc" }],
      },
    },
  });
  if (!row) throw new ApiProblem(404, "No application has this id.");
  return {
    // What the download would not serve is not listed (the direct deposit form when commissions are not paid that way).
    data: row.documents.filter((d) => !withheldDocument(d.documentTypeCode, row.commissionRemitTypeCode)).map((d) => ({
      id: d.id,
      type: d.documentTypeCode,
      kind: d.kindCode as "UPLOAD" | "GENERATED",
      title: d.title,
      file_name: d.storedFile.fileName,
      byte_size: d.storedFile.byteSize,
      version: d.version,
      uploaded_at: d.uploadedAt.toISOString(),
      href: `/api/v1/documents/${d.id}`,
    })),
  };
}
