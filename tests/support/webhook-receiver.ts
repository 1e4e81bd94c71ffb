// A receiver of webhooks on loopback (the carrier's system, node:http): every request with its path,
// headers and body, answered `answer()` (200 unless a test says otherwise).
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedRequest = { path: string; headers: http.IncomingHttpHeaders; body: string };

export async function startWebhookReceiver(answer: () => number = () => 200) {
  const received: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(answer()).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
