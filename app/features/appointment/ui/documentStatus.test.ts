import { describe, expect, test } from "vitest";
import type { DocumentListItem } from "~/features/documents/appointment-documents.server";
import { EMPTY_APPLICATION } from "../form-data";
import { documentStatus } from "./documentStatus";

const item = (over: Partial<DocumentListItem>): DocumentListItem => ({
  key: "k",
  documentTypeCode: "ALLCO_AGREE",
  title: "Agent Agreement",
  group: "AGREEMENT",
  isRequired: true,
  documentId: "d",
  present: true,
  treatedAsPresent: false,
  url: "/x",
  downloadUrl: "/x?download=1",
  unavailableMessage: null,
  fileName: "a.pdf",
  uploadedAt: "2026-01-05T10:00:00.000Z",
  ...over,
});

describe("Supporting Documents statuses", () => {
  test("an agreement is acknowledged only when its checkbox is", () => {
    expect(documentStatus(item({}), EMPTY_APPLICATION)).toEqual({ text: "To acknowledge in Policies & Agreements", tone: "todo" });
    const acked = { ...EMPTY_APPLICATION, agreements: { signatures: { SIGTYP_AGENT_AGREE: "Y" } } };
    expect(documentStatus(item({}), acked)?.text).toBe("Acknowledged");
    expect(documentStatus(item({ documentTypeCode: "AML_GUIDE" }), acked)?.text).toBe("To acknowledge in Policies & Agreements");
  });

  test("the commission schedule is signed in Commissions", () => {
    const c = item({ documentTypeCode: "DOCTYP_COMSCHED_AGREE" });
    expect(documentStatus(c, EMPTY_APPLICATION)?.text).toBe("To sign in Commissions");
    expect(documentStatus(c, { ...EMPTY_APPLICATION, commissions: { signatures: { SIGTYP_COMSCHED: "Smith" } } })?.text).toBe("Signed");
  });

  test("a document treated as present without a file is optional, not available", () => {
    const dl = item({ group: "UPLOADED", documentTypeCode: "DOCTYP_DRV_LIC", present: false, treatedAsPresent: true, uploadedAt: null, documentId: null });
    expect(documentStatus(dl, EMPTY_APPLICATION)).toEqual({ text: "Optional: not uploaded", tone: "info" });
    expect(documentStatus({ ...dl, present: true, uploadedAt: "2026-01-05T10:00:00.000Z" }, EMPTY_APPLICATION)?.text).toBe("Received 1/5/2026");
    expect(documentStatus({ ...dl, treatedAsPresent: false }, EMPTY_APPLICATION)).toEqual({ text: "Not received yet", tone: "todo" });
  });

  test("generated documents", () => {
    const g = item({ group: "GENERATED", documentTypeCode: "DOCTYP_APP" });
    expect(documentStatus(g, null)?.text).toBe("Generated 1/5/2026");
    expect(documentStatus({ ...g, uploadedAt: null }, null)?.text).toBe("Ready to view");
    expect(documentStatus({ ...g, present: false, unavailableMessage: "This document has not been uploaded or generated yet." }, null)?.text).toBe(
      "This document has not been uploaded or generated yet.",
    );
  });
});
