# The cluster's image (docs/deploy.md, decision 0087). One image, the entrypoints `npm run cluster`
# starts as processes: the API node (the default command), the worker
# (apps/server/src/cli/worker.ts) and the migration (apps/server/src/cli/migrate.ts).
# compose.yaml runs it with PostgreSQL, Redis, S3-compatible storage and nginx.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
# Exactly the committed lock; then the web and TV apps' production build, which the API nodes serve.
RUN npm ci --no-audit --no-fund && NODE_ENV=production npm run build

FROM node:20-bookworm-slim
# ffmpeg transcodes (workers) and probes; Debian's, as on the process cluster.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The installed tree comes whole: the sources run through tsx, as `npm start` runs them.
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
ENV NODE_ENV=production DATA_DIR=/data HOST=0.0.0.0 PORT=3000
# Not root: the node image's own unprivileged user; it writes only under /data.
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--import", "tsx", "apps/server/src/server.ts"]
