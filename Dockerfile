# syntax=docker/dockerfile:1
# The SSR tier: a stateless Node 24 process serving the React Router build (server.ts).
#   docker build -t group-visits .
#   docker run -p 3000:3000 -e GATEWAY_BASE_URL=… -e CMS_BASE_URL=… -e SESSION_SECRET=… group-visits
# With neither URL set it serves the embedded default (demo data), as `npm start` does, on
# the container's loopback interface only: `-e EMBEDDED_DEFAULT_PUBLIC=true` shows that demo
# through the published port (ADR 0030).

FROM node:24-slim AS base
WORKDIR /app
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

# Everything, to build: type-stripped TypeScript needs no compile step, the app needs `react-router build`.
FROM base AS build
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

# Production dependencies only (no Vite, TypeScript, test tools, nor the `node` package: the image has Node).
FROM base AS dependencies
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force

FROM base AS runtime
ENV NODE_ENV=production \
    PORT=3000
COPY --from=dependencies /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json server.ts ./
COPY server ./server
# The app modules the server imports directly (type-stripped, no imports of their own
# beyond node:): the request id, the security headers it puts on static files, the
# Accept-Encoding choice for static files, and where the embedded default may listen.
COPY app/runtime/request-id.ts ./app/runtime/request-id.ts
COPY app/runtime/embedded-exposure.ts ./app/runtime/embedded-exposure.ts
COPY app/security/csp.ts ./app/security/csp.ts
COPY app/runtime/compression.server.ts ./app/runtime/compression.server.ts
# The official image's unprivileged user; the process writes nothing to disk.
USER node
EXPOSE 3000
# Liveness only (/healthz); readiness (/readyz: gateway and CMS reachable) is for the load balancer.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains requests in flight for up to SHUTDOWN_TIMEOUT_MS (20 s): give `docker stop -t`
# or the orchestrator's grace period a little more than that.
STOPSIGNAL SIGTERM
CMD ["node", "server.ts"]
