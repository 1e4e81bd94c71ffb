// What an API token may do (issue 24 item 1, decision 0074). Client-safe: the tokens screen draws its
// check boxes from it; the API's routes name one scope each (api/http.server.ts apiRoute).
export const API_SCOPES = ["read:agents", "read:applications", "read:documents", "read:invitations", "read:filings", "write:agents", "write:filings"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  "read:agents": "Read agents (hierarchy position, agent numbers, status, licenses)",
  "read:applications": "Read applications (status, dates, sections; sensitive numbers masked)",
  "read:documents": "Read documents (the application PDF and uploads)",
  "read:invitations": "Read invitations",
  "read:filings": "Read state filings (appointment filings and terminations, their status and dates)",
  "write:agents": "Import agents (the back office's agent import)",
  "write:filings": "Record an agent's first business in a state (dates just-in-time appointment filings)",
};

export const isApiScope = (s: string): s is ApiScope => (API_SCOPES as readonly string[]).includes(s);
