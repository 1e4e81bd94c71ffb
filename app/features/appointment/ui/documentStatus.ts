// What Supporting Documents says beside each document (spec part 2 §2, §4):
// an agreement is acknowledged (or signed) in its section, not "received";
// a document the rules treat as present without a file (driver license, AML
// certificate, state license; E&O for principals) is optional, not
// "available"; uploads are received on a date.
import type { DocumentListItem } from "~/features/documents/appointment-documents.server";
import type { ApplicationData } from "../form-data";

export type DocumentStatus = { text: string; tone: "done" | "todo" | "info" } | null;

/** The acknowledgement checkbox of each system agreement (Policies & Agreements). */
export const AGREEMENT_ACKNOWLEDGEMENTS: Record<string, "SIGTYP_AGENT_AGREE" | "SIGTYP_ACKREP" | "SIGTYP_POLICY_AGREE" | "SIGTYP_AML"> = {
  ALLCO_AGREE: "SIGTYP_AGENT_AGREE",
  REP_AGREE: "SIGTYP_ACKREP",
  CO_POLICY: "SIGTYP_POLICY_AGREE",
  AML_GUIDE: "SIGTYP_AML",
};
const COMMISSION_SCHEDULE = "DOCTYP_COMSCHED_AGREE";

// One formatter, made once (toLocaleDateString builds one per call).
const DAY = new Intl.DateTimeFormat("en-US", { timeZone: "UTC" });
const day = (iso: string) => DAY.format(new Date(iso));

export function documentStatus(item: DocumentListItem, data: Pick<ApplicationData, "agreements" | "commissions"> | null): DocumentStatus {
  switch (item.group) {
    case "AGREEMENT": {
      if (item.documentTypeCode === COMMISSION_SCHEDULE) {
        const signed = Boolean(data?.commissions.signatures?.SIGTYP_COMSCHED?.trim());
        return signed ? { text: "Signed", tone: "done" } : { text: "To sign in Commissions", tone: "todo" };
      }
      const ack = AGREEMENT_ACKNOWLEDGEMENTS[item.documentTypeCode];
      if (!ack) return null;
      return data?.agreements.signatures?.[ack] === "Y"
        ? { text: "Acknowledged", tone: "done" }
        : { text: "To acknowledge in Policies & Agreements", tone: "todo" };
    }
    case "GENERATED":
      if (item.present) return item.uploadedAt ? { text: `Generated ${day(item.uploadedAt)}`, tone: "done" } : { text: "Ready to view", tone: "info" };
      return item.isRequired ? { text: item.unavailableMessage ?? "Not generated yet", tone: "info" } : null;
    case "UPLOADED":
    case "ADDITIONAL":
      if (item.present) return { text: item.uploadedAt ? `Received ${day(item.uploadedAt)}` : "Received", tone: "done" };
      if (item.treatedAsPresent) return { text: "Optional: not uploaded", tone: "info" };
      return item.isRequired ? { text: "Not received yet", tone: "todo" } : null;
  }
}
