# syntax=docker/dockerfile:1
# Production image: build in one stage, run the built server as a non-root user in another.
FROM node:26-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:26-slim AS runtime
# These win over an env file. A production start also needs PUBLIC_ORIGIN (https), SMTP_URL,
# MAIL_FROM, SUPPORT_EMAIL, LEGAL_ENTITY, LEGAL_ADDRESS, GOVERNING_LAW, PRIVACY_EMAIL and payment
# keys (or PAYMENT_MODE=off): mount an env file and name it in ENV_FILE (docs/deploy.md, Docker).
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000 3478/udp
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "build/server.js"]
