# Genie in a container: a multi-stage build on the official Node image, run as a non-root user.
# Not exercised in CI (no container engine runs there); README "Deploying" says so.
# Build:  docker build -t genie .
# Run:    docker run -p 3000:3000 -v genie-data:/data -e HOST=0.0.0.0 genie

FROM node:22-bookworm-slim AS build
WORKDIR /app
# node-llama-cpp's optional CPU binary is not needed for hosted providers; skip its download step.
ENV NODE_LLAMA_CPP_SKIP_DOWNLOAD=true
COPY package.json package-lock.json ./
COPY deploy/no-gpu-binary deploy/no-gpu-binary
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    CLIENT_DIR=/app/dist/client
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["npm", "start"]
