// What the reports screen's pieces get from the route's loader, spelled out
// (the loader's own types come from server modules the UI must not import).
import type { SubmissionResult } from "@conform-to/react";
import type { RecruiterOption, ReportDefinitionView, ReportRequestView } from "../reports.server";

export type ReportResultsView = {
  page: number;
  pageSize: number;
  totalRecords: number;
  rows: (ReportRequestView & { requested: string })[];
};

export type RecruiterFinderView = {
  tab: "search" | "hierarchy";
  q: string;
  page: number;
  results: RecruiterOption[];
  totalRecords: number;
  parent: { id: number; upId: number | null; agentNumber: string; name: string } | null;
};

export type RequestTabView = {
  definitions: ReportDefinitionView[];
  reportId: number;
  values: Record<string, string>;
  finder: RecruiterFinderView | null;
};

/** The finder's limits, owned by the server module that queries it. */
export type FinderLimits = { pageSize: number; queryMax: number };

export type ReportActionData = { reply: SubmissionResult<string[]>; reportId: number };
