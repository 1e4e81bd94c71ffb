/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // ESM-only packages that must be bundled for the server
  serverDependenciesToBundle: [],
  browserNodeBuiltinsPolyfill: { modules: {} },
};
