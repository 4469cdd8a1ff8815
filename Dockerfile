# syntax=docker/dockerfile:1
# MEEET server with the web app built in. Stages: every dependency (for building), the build,
# the production dependencies only, and the runtime image; plus `anvil`, a local chain node for
# staging-like stacks (compose.yaml), from the same npm package the project uses.

# Node 24 is the active LTS (Node 20 reached its end of life in April 2026).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/core/package.json packages/core/
COPY packages/client/package.json packages/client/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
# One build for every deployment: the control area is in it as chunks users never download
# (docs/operations.md, "Control area").
RUN npm run build

# Only what the bundle imports at run time: no embedded PostgreSQL, anvil, solc or web tooling
# (they are development dependencies), and no TypeScript runner.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/core/package.json packages/core/
COPY packages/client/package.json packages/client/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --omit=dev --workspace=@meeet/server --no-audit --no-fund \
  && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    APP_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps /app ./
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
# The image's `node` user (uid 1000) owns only the data folder (media, local state). The media
# folder exists in the image so a named volume mounted there starts with its owner (an empty
# volume copies the ownership of the folder it covers; otherwise it is root's and uploads fail).
RUN mkdir -p /data/media && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only: a database outage must not get a container restarted (the proxy reads
# /api/health/ready to route around it instead).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "--max-old-space-size=384", "apps/server/dist/server.js"]

# A local chain node (anvil) for staging-like stacks; never part of the app image.
FROM ${NODE_IMAGE} AS anvil
COPY --from=deps /app/node_modules/@foundry-rs/ /tmp/foundry/
RUN cp /tmp/foundry/anvil-linux-*/bin/anvil /usr/local/bin/anvil && rm -rf /tmp/foundry \
  && mkdir -p /state && chown node:node /state
USER node
EXPOSE 8545
HEALTHCHECK --interval=5s --timeout=3s --start-period=10s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8545',{method:'POST',headers:{'content-type':'application/json'},body:'{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_chainId\",\"params\":[]}'}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["anvil", "--host", "0.0.0.0", "--port", "8545", "--chain-id", "31337"]
CMD ["--block-time", "1"]
