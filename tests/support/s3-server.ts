// A local S3-compatible server for the tests (decision 0033): s3rver
// (@20minutes/s3rver, a maintained fork) in this process, on 127.0.0.1 and a
// free port, keeping its objects in a temporary folder, with one bucket.
//
//   const s3 = await startS3Server();
//   process.env.STORAGE_URL = s3.storageUrl;   // s3://<bucket>?endpoint=http://127.0.0.1:<port>
//   Object.assign(process.env, s3.credentials);  // AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY
//   s3.objectKeys(), s3.unfinishedUploads(), s3.requests
//   await s3.stop();
//
// s3rver does not implement AbortMultipartUpload nor ListMultipartUploads;
// two small handlers in front of it do, on its own folder layout, so that the
// portal's clean-up of refused and cut-off uploads runs here as against S3.
import { createRequire } from "node:module";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";

type KoaContext = {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  headers: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
  type: string;
};
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
type S3rverInstance = {
  middleware: Middleware[];
  httpServer?: Server;
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
  run(): Promise<{ port: number; address: string }>;
  close(): Promise<void>;
};
type S3rverCtor = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)("@20minutes/s3rver") as S3rverCtor;

/** s3rver's default key pair (it checks request signatures against it). */
export const S3RVER_CREDENTIALS = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" } as const;

export type S3Request = { method: string; path: string; query: string; status: number; bytes: number; at: number };

export type S3ServerHandle = {
  bucket: string;
  endpoint: string;
  port: number;
  directory: string;
  /** STORAGE_URL for the portal (with an optional key prefix). */
  storageUrl: string;
  urlWithPrefix(prefix: string): string;
  credentials: typeof S3RVER_CREDENTIALS;
  /** Every request answered, in order (the request body's size in bytes). */
  requests: S3Request[];
  /** The keys of the objects in the bucket. */
  objectKeys(): string[];
  /** Multipart uploads started and neither completed nor aborted. */
  unfinishedUploads(): string[];
  stop(): Promise<void>;
};

export async function startS3Server(opts: { bucket?: string } = {}): Promise<S3ServerHandle> {
  const bucket = opts.bucket ?? "portal-test";
  const directory = mkdtempSync(path.join(os.tmpdir(), "portal-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const uploadsDir = (b: string) => server.store.getResourcePath(b, undefined, "uploads");
  const requests: S3Request[] = [];

  const record: Middleware = async (ctx, next) => {
    try {
      await next();
    } finally {
      const decoded = ctx.headers["x-amz-decoded-content-length"] ?? ctx.headers["content-length"];
      requests.push({
        method: ctx.method,
        path: ctx.path,
        query: new URLSearchParams(ctx.query as Record<string, string>).toString(),
        status: ctx.status,
        bytes: Number(decoded ?? 0) || 0,
        at: Date.now(),
      });
    }
  };

  // What s3rver lacks: AbortMultipartUpload (DELETE ?uploadId=) and ListMultipartUploads (GET ?uploads).
  const multipartGaps: Middleware = async (ctx, next) => {
    // The SDK addresses the bucket itself as "/<bucket>/" (which s3rver does not route).
    const [, b, ...rest] = ctx.path.replace(/^(\/[^/]+)\/$/, "$1").split("/");
    const uploadId = typeof ctx.query.uploadId === "string" ? ctx.query.uploadId : undefined;
    if (ctx.method === "DELETE" && b && rest.length > 0 && uploadId && /^[0-9a-f]+$/.test(uploadId)) {
      const dir = path.join(uploadsDir(b), uploadId);
      if (!existsSync(dir)) {
        ctx.status = 404;
        ctx.type = "application/xml";
        ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
        return;
      }
      rmSync(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method === "GET" && b && rest.length === 0 && "uploads" in ctx.query) {
      const prefix = typeof ctx.query.prefix === "string" ? ctx.query.prefix : "";
      const entries = existsSync(uploadsDir(b)) ? readdirSync(uploadsDir(b)) : [];
      const uploads = entries
        .map((id) => ({ id, key: readFileSync(path.join(uploadsDir(b), id, "key"), "utf8"), initiated: statSync(path.join(uploadsDir(b), id)).mtime }))
        .filter((u) => u.key.startsWith(prefix));
      const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
      ctx.status = 200;
      ctx.type = "application/xml";
      ctx.body =
        `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult><Bucket>${xml(b)}</Bucket><IsTruncated>false</IsTruncated>` +
        uploads
          .map((u) => `<Upload><Key>${xml(u.key)}</Key><UploadId>${u.id}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated></Upload>`)
          .join("") +
        `</ListMultipartUploadsResult>`;
      return;
    }
    await next();
  };
  server.middleware.unshift(record, multipartGaps);

  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const urlWithPrefix = (prefix: string) => `s3://${bucket}${prefix ? `/${prefix}` : ""}?endpoint=${encodeURIComponent(endpoint)}`;

  function walk(dir: string, rel: string[] = []): string[] {
    if (!existsSync(dir)) return [];
    const out: string[] = [];
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.name.startsWith("._S3rver_")) continue; // bucket-level resources (uploads)
      if (e.isDirectory()) out.push(...walk(path.join(dir, e.name), [...rel, e.name]));
      else {
        const m = /^(.*)\._S3rver_object$/.exec(e.name);
        if (m) out.push([...rel, m[1]!].join("/"));
      }
    }
    return out;
  }

  return {
    bucket,
    endpoint,
    port,
    directory,
    storageUrl: urlWithPrefix(""),
    urlWithPrefix,
    credentials: S3RVER_CREDENTIALS,
    requests,
    objectKeys: () => walk(path.join(directory, bucket)).sort(),
    unfinishedUploads: () => (existsSync(uploadsDir(bucket)) ? readdirSync(uploadsDir(bucket)) : []),
    async stop() {
      server.httpServer?.closeAllConnections();
      await server.close().catch(() => undefined);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
