# One image for every process of the service; the command picks the process (gateway, worker, cli).
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV PRISMA_HIDE_UPDATE_MESSAGE=1 CHECKPOINT_DISABLE=1 TURBO_TELEMETRY_DISABLED=1
COPY . .
RUN npm install --no-audit --no-fund && npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
USER node
EXPOSE 3000
CMD ["node", "apps/gateway/dist/main.js"]
