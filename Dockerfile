# Brandlens production image: `docker build -t brandlens .`
# Runs the compiled web server (web, and jobs unless RUN_WORKER=false); `docker run ... node
# dist/server/worker.js` runs a job worker. See README, "Deployment".

# Build: the client (dist/client, a production build) and the compiled server (dist/server), with
# the development dependencies that building needs.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:server

# Runtime: production dependencies only, the build, and the sources the server reads at run time
# (migrations under src/server/db/migrations; `npm run db:migrate` runs src/server/db/migrate-cli.ts
# through tsx). Copied from the build stage with their times, so the build stays newer than its
# sources and `npm start` does not try to rebuild.
FROM node:24-slim
ENV NODE_ENV=production
WORKDIR /app
# Chromium renders the pages of sites that build their content with JavaScript during audits
# (AUDIT_RENDER, decision 0020; playwright-core, a production dependency, drives it). Fonts give
# rendered text real metrics. tini is PID 1: Chromium's helper processes can outlive their parent
# for a moment, and something must reap them.
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium fonts-liberation tini \
  && rm -rf /var/lib/apt/lists/*
ENV CHROMIUM_PATH=/usr/bin/chromium
COPY --from=build /app/package.json /app/package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/src ./src
COPY --from=build /app/scripts ./scripts
# DATA_DIR: with DATABASE_URL and object storage set, only a local cache; mount a volume here for
# the embedded single-process mode.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
ENV PORT=5000
EXPOSE 5000
# tini is PID 1 and passes the SIGTERM the platform sends straight to Node (exec form, no shell or
# npm in between), which applies migrations at start and on SIGTERM shuts down gracefully within
# SHUTDOWN_TIMEOUT_MS (25 s by default: under the 30 s most platforms wait before they kill), then
# exits 0. tini reaps the processes of the Chromium that audits start to render pages.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=50", "dist/server/main.js"]
