# Equip's production image (issue 17). tests/production/production-install.test.ts runs this file's runtime stage
# on the host — its COPY sources, its `RUN npm …` lines and its CMD, with its ENV — so what the image runs is tested.

# Build: the client (Vite) and the server bundle (esbuild), with every dependency.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime: production dependencies only (no tsx, Vite, esbuild or pino-pretty), the built client and server, the
# migrations (applied at start) and the handbook; files and the embedded database, if used, in the /data volume.
FROM node:24-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY migrations ./migrations
COPY docs/handbook ./docs/handbook
COPY public ./public
RUN install -d -o node -g node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
