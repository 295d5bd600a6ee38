# Hoplink in a container: one process, SQLite on the /data volume by default; point DATABASE_URL at
# PostgreSQL and REDIS_URL at Redis to run several (deploy/compose.yaml). See docs/deployment.md.
#
#   docker build -t hoplink .
#   docker run -d --name hoplink -p 3000:3000 -p 3001:3001 -v hoplink-data:/data \
#     -e APP_URL=https://app.hop.example -e SHORT_URL=https://hop.example hoplink
#
# Linted with dockerfilelint (scripts/lint-container.sh); no Docker engine runs on the development
# machines, so this file has not been built there.

# ---- build: every dependency, the dashboard bundle and the compiled service, then only what
# production needs ----------------------------------------------------------------------------
FROM node:24-bookworm-slim AS build
WORKDIR /app
# The manifests first, so a change to the source does not invalidate the dependency layer. The
# workspace's manifest is part of the lockfile's picture, so npm ci needs it too.
COPY package.json package-lock.json ./
COPY packages/client/package.json packages/client/
# better-sqlite3 ships prebuilt N-API binaries for linux-x64 and linux-arm64 (glibc), so no compiler
# is needed. The `node` package (Node 24 pinned for machines whose system node is older) installs
# a second Node binary; the image's own Node 24 makes it redundant, so it goes after the build.
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/node node_modules/.bin/node node_modules/@hoplink \
  && npm cache clean --force

# ---- runtime: Node 24, production dependencies, the service compiled to JavaScript ------------
# build/ is what runs (bin/compiled.js); src/ comes along because the CLI checks build/ against it.
FROM node:24-bookworm-slim
LABEL org.opencontainers.image.title="Hoplink" \
  org.opencontainers.image.description="Self-hostable link shortener and affiliate-link service" \
  org.opencontainers.image.licenses="MIT"
ENV NODE_ENV=production \
  MALLOC_ARENA_MAX=2 \
  MALLOC_MMAP_THRESHOLD_=32768 \
  MALLOC_TRIM_THRESHOLD_=67108864 \
  HOST=0.0.0.0 \
  PORT=3000 \
  SHORT_PORT=3001 \
  DATABASE_URL=sqlite:/data/hoplink.db
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/bin ./bin
COPY --from=build /app/src ./src
COPY --from=build /app/build ./build
COPY --from=build /app/dist ./dist
# /data belongs to the unprivileged `node` user of the base image before it becomes a volume, so
# a new named volume starts with that owner. `hoplink` on PATH: docker exec <c> hoplink backup ...
RUN mkdir -p /data \
  && chown node:node /data \
  && ln -s /app/bin/hoplink.js /usr/local/bin/hoplink
USER node
VOLUME /data
EXPOSE 3000 3001
# GET /healthz answers 200 while the process runs (extensions §5); slim images have no curl. The
# first check comes 30 s after start, when the service listens (no --start-period: dockerfilelint
# 1.8 misreads hyphenated options and rejects it).
HEALTHCHECK --interval=30s --timeout=5s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node is PID 1 and handles SIGTERM itself: it stops accepting, finishes requests and writes the
# accepted clicks before it exits (give it the time: docker stop -t 30). WORKERS=N runs N
# processes (PostgreSQL + Redis only).
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=16", "--heap-growing-percent=20", "bin/hoplink.js", "serve"]
