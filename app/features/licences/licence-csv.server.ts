// Reads a licence csv (issue 23 item 1, decision 0072), for the import and the 'file' licence
// lookup alike: our column names or those of NIPR's PDB detail report (matched without regard to
// case, spaces or punctuation), dates as YYYY-MM-DD or MM/DD/YYYY. NIPR reports one row per line of
// authority: the rows of one NPN and state are merged into one licence with its lines. Every
// licence is checked with the licence form's schema (licenceSchema), so the import refuses what the
// form refuses, with the form's messages, reported by line and column. The rows come from the
// imports' one CSV reader (hierarchy/csv-records.server.ts: strict UTF-8, a broken quote a bad line).
import type { Readable } from "node:stream";
import { csvRecords } from "~/features/hierarchy/csv-records.server";
import { Errors } from "~/features/hierarchy/import-common.server";
import { IMPORT_MESSAGES as FILE_M } from "~/features/hierarchy/import-messages";
import { MAX_IMPORT_ROWS, parseImportDate } from "~/features/hierarchy/import-schema";
import { npnKey } from "~/lib/npn";
import { IGNORED_COLUMNS, LICENCE_COLUMNS, NIPR_COLUMN_NAMES, REQUIRED_LICENCE_COLUMNS, type LicenceColumn as Column } from "./import-columns";
import { LICENCE_IMPORT_MESSAGES as M } from "./import-messages";
import { licenceSchema, type LicenceInput } from "./schema";

const norm = (name: string) => name.toLowerCase().replace(/[^a-z0-9#]/g, "");
const BY_NAME = new Map<string, Column>();
for (const c of LICENCE_COLUMNS) BY_NAME.set(norm(c), c);
const IGNORED = new Set(IGNORED_COLUMNS.map(norm));
for (const [c, names] of Object.entries(NIPR_COLUMN_NAMES) as Array<[Column, readonly string[]]>) for (const n of names) BY_NAME.set(norm(n), c);

/** One licence read from the file: the line of its first row, its NPN and the form's parsed value. */
export type FileLicence = { line: number; npn: string; value: LicenceInput };

export type LicenceFile = {
  /** Rows read (not counting the header). */
  rows: number;
  licences: FileLicence[];
  /** NIPR licences that carry no line the portal tracks (property, casualty, ...): left out. */
  skipped: number;
  errors: Errors;
  /** The header or the csv itself is unusable: nothing was read. */
  fatal: boolean;
};

const YES = new Set(["y", "yes", "true", "1", "on", "x", "r", "resident", "res"]);
const NO = new Set(["", "n", "no", "false", "0", "off", "nr", "nonresident", "non-resident", "non resident"]);
/** A yes/no cell as the form's checkbox sends it ('on' or absent); undefined: neither. */
function yesNo(raw: string): "on" | "" | undefined {
  const v = raw.trim().toLowerCase();
  if (YES.has(v)) return "on";
  if (NO.has(v)) return "";
  return undefined;
}

/** NIPR's status words (Active: Yes/No; License Status: Active/Inactive/...). */
function statusOf(raw: string): "ACTIVE" | "INACTIVE" | "" | undefined {
  const v = raw.trim().toLowerCase();
  if (v === "") return "";
  if (["active", "y", "yes", "true", "1", "a"].includes(v)) return "ACTIVE";
  if (["inactive", "n", "no", "false", "0", "i", "expired", "cancelled", "canceled", "terminated", "suspended", "revoked", "lapsed"].includes(v)) return "INACTIVE";
  return undefined;
}

type Lines = { life: boolean; ah: boolean; variable: boolean };
/** The lines of authority a NIPR description names: Life, Accident & Health (or Sickness), Variable Life & Annuity. */
export function linesOf(description: string): Lines {
  const s = description.toLowerCase();
  const variable = /variable/.test(s);
  const rest = s.replace(/variable\s+(life|annuit\w*|contracts?)/g, " ");
  return {
    variable,
    life: /\blife\b/.test(rest),
    ah: /accident|health|sickness|disability/.test(s),
  };
}

/** A date cell: YYYY-MM-DD or MM/DD/YYYY into the form's YYYY-MM-DD; anything else as typed (the schema refuses it). */
const dayOf = (raw: string) => {
  const d = parseImportDate(raw);
  return d === undefined ? raw.trim() : (d ?? "");
};

type Group = {
  line: number;
  npn: string;
  cells: Record<string, string | undefined>;
  lines: Lines;
  activeLines: Lines;
  anyActive: boolean;
  effective: string[];
  expiry: string[];
};

export type ReadOptions = {
  /** Keep only this NPN's licences (the file lookup); other rows are not checked. */
  onlyNpn?: string;
  /** The resident licence's state on record by NPN (records.server.ts residentStates): a file's second one is a bad line. */
  residentsOnRecord?: (npns: string[]) => Promise<Map<string, string>>;
  /** Called every 1024 rows with the rows read so far. */
  onRows?: (rows: number) => void | Promise<void>;
};

/** Reads and checks a licence csv. Errors carry the file's line and the column as the header names it. */
export async function readLicenceFile(source: Readable | AsyncIterable<Uint8Array | string>, opts: ReadOptions = {}): Promise<LicenceFile> {
  const errors = new Errors();
  const out: LicenceFile = { rows: 0, licences: [], skipped: 0, errors, fatal: false };
  let header: Array<Column | undefined> | null = null;
  let headerNames: string[] = [];
  let grouped = false;
  const groups = new Map<string, Group>();
  for await (const { record, line, problem, last } of csvRecords(source)) {
    if (header === null) {
      if (problem !== undefined) errors.add(line, null, problem);
      else {
        headerNames = record.map((r) => r.trim());
        header = readHeader(headerNames, errors);
      }
      if (!header) {
        out.fatal = true;
        break;
      }
      grouped = header.includes("lineOfAuthority");
      continue;
    }
    out.rows++;
    if (out.rows > MAX_IMPORT_ROWS) {
      errors.add(line, null, FILE_M.tooManyRows(MAX_IMPORT_ROWS));
      out.fatal = true;
      break;
    }
    if ((out.rows & 1023) === 0) await opts.onRows?.(out.rows);
    if (problem !== undefined) {
      // The lookup reads one NPN's rows: a row it cannot read is its business only when nothing after it was read.
      if (!opts.onlyNpn || last) errors.add(line, null, problem);
      // Nothing after a broken quote is read; the licences before it are still checked.
      if (last) break;
      continue;
    }
    if (record.length !== header.length) {
      if (!opts.onlyNpn) errors.add(line, null, FILE_M.fieldCount(record.length, header.length));
      continue;
    }
    const cells: Record<string, string | undefined> = {};
    header.forEach((c, i) => c && (cells[c] = record[i]));
    const nameOf = (c: Column) => headerNames[header!.indexOf(c)] ?? c;
    const rawNpn = (cells.npn ?? "").trim();
    if (opts.onlyNpn && rawNpn !== opts.onlyNpn) continue;
    const npn = npnKey(rawNpn);
    if (!npn) {
      errors.add(line, nameOf("npn"), rawNpn === "" ? M.npnRequired : M.npnInvalid);
      continue;
    }
    const state = (cells.stateCode ?? "").trim().toUpperCase();
    const key = `${npn}\u0000${state}`;
    let g = groups.get(key);
    if (g && !grouped) {
      errors.add(line, nameOf("stateCode"), M.duplicate(g.line));
      continue;
    }
    const status = statusOf(cells.status ?? "");
    if (status === undefined) {
      errors.add(line, nameOf("status"), M.statusInvalid);
      continue;
    }
    let bad = false;
    for (const c of ["isResident", "loaLife", "loaAccidentHealth", "loaVariable"] as const) {
      if (cells[c] !== undefined && yesNo(cells[c]!) === undefined) {
        errors.add(line, nameOf(c), M.yesNo);
        bad = true;
      }
    }
    if (bad) continue;
    const rowLines: Lines = cells.lineOfAuthority !== undefined
      ? linesOf(cells.lineOfAuthority)
      : { life: yesNo(cells.loaLife ?? "") === "on", ah: yesNo(cells.loaAccidentHealth ?? "") === "on", variable: yesNo(cells.loaVariable ?? "") === "on" };
    const loaStatus = cells.loaStatus !== undefined ? statusOf(cells.loaStatus) : "";
    if (loaStatus === undefined) {
      errors.add(line, nameOf("loaStatus"), M.statusInvalid);
      continue;
    }
    const active = status !== "INACTIVE";
    const lineActive = active && loaStatus !== "INACTIVE";
    if (!g) {
      g = { line, npn, cells, lines: { life: false, ah: false, variable: false }, activeLines: { life: false, ah: false, variable: false }, anyActive: false, effective: [], expiry: [] };
      groups.set(key, g);
    }
    for (const k of ["life", "ah", "variable"] as const) {
      g.lines[k] ||= rowLines[k];
      if (lineActive) g.activeLines[k] ||= rowLines[k];
    }
    g.anyActive ||= active;
    if (cells.effectiveDate?.trim()) g.effective.push(dayOf(cells.effectiveDate));
    if (cells.expiryDate?.trim()) g.expiry.push(dayOf(cells.expiryDate));
  }
  if (header === null && !out.fatal) {
    errors.add(1, null, FILE_M.emptyFile);
    out.fatal = true;
  }
  if (out.fatal) return out;

  const nameOf = (c: Column) => headerNames[header!.indexOf(c)] ?? c;
  const columnOfPath: Record<string, Column> = { stateCode: "stateCode", licenceNumber: "licenceNumber", licenceClass: "licenceClass", isResident: "isResident", effectiveDate: "effectiveDate", expiryDate: "expiryDate", status: "status" };
  const residentLine = new Map<string, number>();
  for (const g of groups.values()) {
    // Lines come from the rows in force when any is; an inactive licence keeps every line it had.
    const lines = g.anyActive ? g.activeLines : g.lines;
    if (grouped && !lines.life && !lines.ah && !lines.variable && (g.cells.lineOfAuthority ?? "").trim() !== "") {
      out.skipped++;
      continue;
    }
    const dates = (list: string[], pick: "min" | "max") => {
      const days = list.filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)).sort();
      const bad = list.find((d) => !/^\d{4}-\d{2}-\d{2}$/.test(d));
      return bad ?? (pick === "min" ? days[0] : days[days.length - 1]);
    };
    const status = statusOf(g.cells.status ?? "");
    const form: Record<string, string | undefined> = {
      stateCode: g.cells.stateCode ?? "",
      licenceNumber: g.cells.licenceNumber,
      licenceClass: g.cells.licenceClass,
      isResident: g.cells.isResident !== undefined ? yesNo(g.cells.isResident) || undefined : undefined,
      loaLife: lines.life ? "on" : undefined,
      loaAccidentHealth: lines.ah ? "on" : undefined,
      loaVariable: lines.variable ? "on" : undefined,
      effectiveDate: dates(g.effective, "min"),
      expiryDate: dates(g.expiry, "max"),
      status: grouped ? (g.anyActive ? "ACTIVE" : "INACTIVE") : status || undefined,
    };
    const parsed = licenceSchema.safeParse(form);
    if (parsed.success) {
      // A producer has one resident state (decision 0084).
      const resident = parsed.data.isResident ? residentLine.get(g.npn) : undefined;
      if (resident !== undefined) errors.add(g.line, header!.includes("isResident") ? nameOf("isResident") : "isResident", M.residentTwice(resident));
      else {
        if (parsed.data.isResident) residentLine.set(g.npn, g.line);
        out.licences.push({ line: g.line, npn: g.npn, value: parsed.data });
      }
      continue;
    }
    const said = new Set<string>();
    for (const issue of parsed.error.issues) {
      const p = String(issue.path[0] ?? "");
      // A field's checks may repeat one message (a bad date fails its pattern and its calendar check).
      if (said.has(`${p}\u0000${issue.message}`)) continue;
      said.add(`${p}\u0000${issue.message}`);
      const column: Column | undefined = p.startsWith("loa") ? (header!.includes("lineOfAuthority") ? "lineOfAuthority" : "loaLife") : columnOfPath[p];
      errors.add(g.line, column && header!.includes(column) ? nameOf(column) : (column ?? null), issue.message);
    }
  }
  if (opts.residentsOnRecord) await checkResidentsOnRecord(out, opts.residentsOnRecord, header!.includes("isResident") ? nameOf("isResident") : "isResident");
  out.licences.sort((a, b) => a.line - b.line);
  return out;
}

/**
 * A producer has one resident state (decision 0084): a file's resident licence in another state than
 * the one on record is a bad line, unless the file makes that one non-resident (written first).
 */
async function checkResidentsOnRecord(out: LicenceFile, residentsOnRecord: (npns: string[]) => Promise<Map<string, string>>, column: string) {
  const resident = new Map<string, FileLicence>();
  const nonResident = new Set<string>();
  for (const l of out.licences) {
    if (l.value.isResident) resident.set(l.npn, l);
    else nonResident.add(`${l.npn}\u0000${l.value.stateCode}`);
  }
  if (resident.size === 0) return;
  const onRecord = await residentsOnRecord([...resident.keys()]);
  for (const [npn, l] of resident) {
    const state = onRecord.get(npn);
    if (state === undefined || state === l.value.stateCode || nonResident.has(`${npn}\u0000${state}`)) continue;
    out.errors.add(l.line, column, M.residentOnRecord(state));
  }
}

/** Maps the header's names to our columns; errors on line 1 (unknown, twice, missing). */
function readHeader(names: string[], errors: Errors): Array<Column | undefined> | null {
  const seen = new Set<Column>();
  const columns = names.map((name) => {
    const c = BY_NAME.get(norm(name));
    if (!c && IGNORED.has(norm(name))) return undefined;
    if (!c) {
      errors.add(1, name, FILE_M.unknownColumn(name));
      return undefined;
    }
    if (seen.has(c)) {
      errors.add(1, name, FILE_M.duplicateColumn(name));
      return undefined;
    }
    seen.add(c);
    return c;
  });
  for (const c of REQUIRED_LICENCE_COLUMNS) if (!seen.has(c)) errors.add(1, c, FILE_M.missingColumn(NIPR_COLUMN_NAMES[c][0]!));
  return errors.count > 0 ? null : columns;
}
