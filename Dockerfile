# Zerri in a container: `docker build -t zerri .`, or `docker compose up` with compose.yaml (docs/operations.md).
# Stage 1 builds with the dev dependencies; stage 2 installs the runtime dependencies alone;
# the image holds those, the build and the migrations, and runs as the unprivileged `node` user.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
# MALLOC_ARENA_MAX and the Node flag below: see docs/decisions/004 (memory under load).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY src/server/db/migrations ./src/server/db/migrations
# Generated secrets, stored files and (without DATABASE_URL) the embedded PostgreSQL live in /data.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains requests, writes buffered clicks and stops the embedded PostgreSQL within 10 s.
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=16", "dist/server/main.js"]
