# syntax=docker/dockerfile:1
# One container: the portal, its job runner and (unless OIDC_ISSUER and
# DATABASE_URL are set) the built-in OpenID provider and embedded PostgreSQL.
# Data (embedded database, uploads, generated secrets) lives in /app/data.

FROM node:24.22.3-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# `npm ci` refuses lockfiles written on machines whose registry lacks other
# platforms' optional packages; `npm install` honours the lockfile otherwise.
# npm's cache is kept between builds (BuildKit and podman both keep it).
RUN --mount=type=cache,target=/root/.npm \
    npm install --no-audit --no-fund
COPY . .
RUN node scripts/setup.mjs --force \
 && node node_modules/@remix-run/dev/dist/cli.js build \
 && node scripts/build-cli.mjs
# The production tree (decision 0090): scripts/prune-production.sh says what
# goes and why; the reliability tests run the same script on their tree.
RUN sh scripts/prune-production.sh

FROM node:24.22.3-bookworm-slim AS runtime
# HOST: inside the container every interface (the published ports are the
# operator's choice); outside one the portal listens on loopback while APP_URL
# is a loopback address.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    IDP_PORT=3001 \
    DATA_DIR=/app/data
WORKDIR /app
# tini as PID 1: it passes SIGTERM to node and reaps the embedded PostgreSQL's
# processes should node die first (docs/operations.md, 'Signals').
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system portal \
 && useradd --system --gid portal --home-dir /app --shell /usr/sbin/nologin portal \
 && mkdir -p /app/data \
 && chown portal:portal /app/data
COPY --from=build /app/package.json /app/remix.config.js ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/scripts ./scripts
USER portal
VOLUME ["/app/data"]
EXPOSE 3000 3001
# Readiness (/readyz: database, storage, job runner). A worker container
# (CMD node scripts/worker.mjs) overrides it: --health-cmd "node scripts/healthcheck.mjs --worker".
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "scripts/healthcheck.mjs"]
# The built server directly (node itself, so SIGTERM reaches it): the image
# never builds. No demo accounts (SEED_DEMO_DATA defaults to false); the log
# of the first start prints a one-time link to make the first administrator.
# Stop with a timeout of at least 30 s (docker stop -t 30): requests drain for up to 20 s, then jobs.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "scripts/serve.mjs"]
