// vitest globalSetup for the container project (decision 0090): podman, runc
// and mmdebstrap (installed with apt-get when missing), the base image (made
// once per Node version and recipe, then cached), then `podman build` of the
// Dockerfile. A machine that cannot do this fails here with one line saying
// what is missing; TEST_CONTAINER=skip (developer laptops) skips the stage in
// `npm test` instead, loudly.
import { prepareImage } from "../../scripts/container-image.mjs";

export default async function setup() {
  const started = Date.now();
  try {
    const report = (await prepareImage()) as { base: { cached: boolean; ms: number }; built: { ms: number; size: number } };
    console.log(
      `[container] base ${report.base.cached ? "cached" : `made in ${(report.base.ms / 1000).toFixed(1)} s`}; ` +
        `image built in ${(report.built.ms / 1000).toFixed(1)} s, ${(report.built.size / 1e6).toFixed(0)} MB; ` +
        `prepared in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    const line = `the container stage cannot run: ${(error as Error).message}`;
    console.error(`[container] ${line}`);
    throw new Error(line);
  }
}
