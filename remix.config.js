/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  // The server's main module (decision 0053): server/index.ts, compiled with the app into
  // build/server/index.js; it imports the app's build from "@remix-run/dev/server-build".
  server: "./server/index.ts",
  serverBuildPath: "build/server/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  serverPlatform: "node",
  // ESM-only packages that must be bundled for the server
  serverDependenciesToBundle: [],
  browserNodeBuiltinsPolyfill: { modules: {} },
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
