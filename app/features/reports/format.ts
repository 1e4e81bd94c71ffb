// Display formats of spec part 3 §9: dates MM/DD/YYYY, request time
// MM/DD/YYYY hh:mm (24-hour clock, the server's time zone). Formatted on the
// server so the page reads the same with and without JavaScript.
const two = (n: number) => String(n).padStart(2, "0");

export function formatDate(iso: string | Date): string {
  const d = typeof iso === "string" ? new Date(iso) : iso;
  return `${two(d.getMonth() + 1)}/${two(d.getDate())}/${d.getFullYear()}`;
}

export function formatDateTime(iso: string | Date): string {
  const d = typeof iso === "string" ? new Date(iso) : iso;
  return `${formatDate(d)} ${two(d.getHours())}:${two(d.getMinutes())}`;
}
