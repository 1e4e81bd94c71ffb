// The columns of the licence csv (issue 23 item 1, decision 0072), ours and NIPR's PDB detail
// report's, and where the licence import lives: shared by the reader (licence-csv.server.ts) and
// the upload page (client-safe).

export const LICENCE_IMPORT_PATH = "/admin/licences/import";
export const LICENCE_UPLOAD_PATH = "/admin/licences/import/upload";
export const LICENCE_FILE_FIELD = "file";
export const LICENCE_PURPOSE_FIELD = "purpose";

/** Our columns (the licence form's field names, plus npn and lines). */
export const LICENCE_COLUMNS = [
  "npn",
  "stateCode",
  "licenceNumber",
  "licenceClass",
  "isResident",
  "loaLife",
  "loaAccidentHealth",
  "loaVariable",
  "lineOfAuthority",
  "loaStatus",
  "effectiveDate",
  "expiryDate",
  "status",
] as const;
export type LicenceColumn = (typeof LICENCE_COLUMNS)[number];
type Column = LicenceColumn;
export const REQUIRED_LICENCE_COLUMNS: readonly Column[] = ["npn", "stateCode"];

/** NIPR's PDB detail report names (and common spellings of ours) for each column. */
export const NIPR_COLUMN_NAMES: Record<Column, readonly string[]> = {
  npn: ["NPN", "National Producer Number"],
  stateCode: ["State", "Jurisdiction", "State / Jurisdiction", "License State", "State Code"],
  licenceNumber: ["License Number", "License #", "License No", "Licence Number"],
  licenceClass: ["License Class", "Class", "Licence Class"],
  isResident: ["Residency", "Resident", "Resident Indicator", "Resident Status", "Is Resident"],
  loaLife: ["LOA Life"],
  loaAccidentHealth: ["LOA Accident Health"],
  loaVariable: ["LOA Variable"],
  lineOfAuthority: ["Line of Authority", "LOA", "Line of Authority Description", "LOA Description", "Lines of Authority"],
  loaStatus: ["LOA Status", "Line of Authority Status", "LOA Active"],
  effectiveDate: ["Effective Date", "Date Issued", "Issue Date", "License Issue Date", "Original Issue Date", "License Effective Date"],
  expiryDate: ["Expiration Date", "License Expiration Date", "Expiry Date", "Date Expires"],
  status: ["Active", "License Status", "Status", "Active Status"],
};

/** Columns of NIPR's report the licence does not keep (names, addresses, the LOA's own dates): read and left out. */
export const IGNORED_COLUMNS = [
  "Name", "First Name", "Middle Name", "Last Name", "Suffix", "Producer Name", "Entity Name", "Business Entity Name", "FEIN",
  "Report Date", "LOA Code", "LOA Effective Date", "LOA Issue Date", "LOA Expiration Date", "LOA Status Reason Date", "Status Reason",
  "Status Reason Date", "CE Compliance", "CE Credits Needed", "Address", "City", "Zip", "Phone", "Email",
] as const;

