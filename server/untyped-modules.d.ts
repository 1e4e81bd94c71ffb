// express 4, compression and source-map-support ship no types of their own, and @types/* are not
// dependencies: server/serve.ts uses only their documented calls.
declare module "express";
declare module "compression";
declare module "source-map-support";
