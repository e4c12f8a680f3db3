# One image for every process of the service; the command picks the process (gateway, worker, cli).
FROM node:26-bookworm-slim AS build
WORKDIR /app
ENV PRISMA_HIDE_UPDATE_MESSAGE=1 CHECKPOINT_DISABLE=1 TURBO_TELEMETRY_DISABLED=1
COPY . .
RUN npm ci --no-audit --no-fund && npm run build && npm prune --omit=dev

FROM node:26-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
USER node
EXPOSE 3000
CMD ["node", "apps/gateway/dist/main.js"]

# Optional (`docker build --target extractor`): the runtime plus the audio extractor for AUDIO_EXTRACTOR_PATH —
# yt-dlp (with its player-challenge solver scripts, `yt-dlp[default]`) in a Python venv, and Deno, the JavaScript
# runtime yt-dlp uses for those challenges.
FROM denoland/deno:bin-2.5.6 AS deno
FROM runtime AS extractor
USER root
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 python3-venv ca-certificates \
  && rm -rf /var/lib/apt/lists/* \
  && python3 -m venv /opt/yt-dlp \
  && /opt/yt-dlp/bin/pip install --no-cache-dir "yt-dlp[default]"
COPY --from=deno /deno /usr/local/bin/deno
ENV AUDIO_EXTRACTOR_PATH=/opt/yt-dlp/bin/yt-dlp
USER node

# The default image (`docker build .`): the runtime without the extractor.
FROM runtime
