import type { ImportError } from "../import-schema";

/** One import run as /admin/import shows it (formatted on the server). */
export type ImportRunView = {
  id: number;
  fileName: string;
  created: string;
  status: string;
  statusLabel: string;
  finished: boolean;
  percent: number;
  rowsRead: number;
  rowsValid: number;
  rowsWritten: number;
  inserted: number;
  updated: number;
  moved: number;
  closureRows: number;
  errorCount: number;
  errors: ImportError[];
  message: string | null;
  /** A failed upload: the screen offers to start it again. */
  canRestart?: boolean;
};

export type ImportRunRow = { id: number; fileName: string; created: string; statusLabel: string; rowsRead: number; errorCount: number };
