# The Semear server (API, SPA and embedded realtime endpoint) as compose.yaml runs it (docs/deploy.md).
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx lingui compile --typescript && npm run build
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
EXPOSE 3000
USER node
CMD ["npx", "tsx", "server/start.ts"]
