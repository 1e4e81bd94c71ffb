// ADMIN > Audit Log's loader (issue 38 item 3, decision 0119), behind the thin route
// app/routes/admin.audit-log._index.tsx: the filters of the address (400 with the field's message),
// one page newest first in the viewer's zone, the officer's exports, and on ?check=chain the digest
// chain recomputed. The export of the filtered rows (report 5) is reports/audit-export.server.ts.
import { data } from "@remix-run/node";
import { readPaging } from "~/components/Pager";
import { formatDateTimeIn } from "~/lib/format-time";
import { viewerTimeZone } from "~/lib/time-zone.server";
import { auditLogPage, whoOf } from "./audit-log.server";
import { checkAuditChain, type ChainCheck } from "./digest.server";
import { AUDIT_PAGE_SIZES, auditFilterParams, auditFilterSchema, kindLabel, recordTypeLabel } from "./filters";

const FILTER_KEYS = ["person", "recordType", "recordId", "kind", "from", "to"] as const;

/** The filters of a GET address or a POSTed form: the filter, or each field's message; the values as typed. */
export function readAuditFilter(params: URLSearchParams | FormData) {
  const raw = Object.fromEntries(FILTER_KEYS.map((k) => [k, typeof params.get(k) === "string" ? (params.get(k) as string).slice(0, 400) : undefined]));
  const parsed = auditFilterSchema.safeParse(raw);
  const values = Object.fromEntries(Object.entries(raw).filter(([, v]) => v)) as Record<string, string>;
  if (parsed.success) return { ok: true as const, filter: parsed.data, values };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { ok: false as const, errors, values };
}

/** `exports`: the officer's exports (reports/audit-export.server.ts: the report job's rows are its own). */
export async function auditLogScreen<E extends { requestedAt: string }>(request: Request, exportsOf: () => Promise<E[]>) {
  const url = new URL(request.url);
  const zone = viewerTimeZone(request);
  const { page, pageSize } = readPaging(url, { pageSizes: AUDIT_PAGE_SIZES });
  const read = readAuditFilter(url.searchParams);
  const [exports, chain] = await Promise.all([exportsOf(), url.searchParams.get("check") === "chain" ? checkAuditChain() : Promise.resolve<ChainCheck | null>(null)]);
  const common = {
    values: read.values,
    page,
    pageSize,
    queued: url.searchParams.get("queued") === "1",
    tooMany: url.searchParams.get("busy") === "1",
    chain,
    exports: exports.map((e) => ({ ...e, requestedAt: formatDateTimeIn(e.requestedAt, zone) })),
  };
  if (!read.ok) return data({ ...common, errors: read.errors, rows: [], total: 0, capped: false, filterParams: {} }, { status: 400 });
  const { rows, total, capped } = await auditLogPage(read.filter, zone, page, pageSize);
  return {
    ...common,
    errors: {} as Record<string, string>,
    total,
    capped,
    filterParams: auditFilterParams(read.filter),
    rows: rows.map((r) => ({
      id: r.id,
      when: formatDateTimeIn(r.occurred_at, zone, { seconds: true }),
      who: whoOf(r),
      what: kindLabel(r.action),
      path: r.path,
      record: r.target_type ? `${recordTypeLabel(r.target_type)}${r.target_id ? ` ${r.target_id}` : ""}` : "",
      from: [r.ip_address, r.user_agent].filter(Boolean).join(" · "),
    })),
  };
}
