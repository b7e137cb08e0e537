# One image per service: docker build --build-arg APP=services/profile -t thunderprep/profile .
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY libs libs
COPY services services
COPY apps apps
COPY tests tests
RUN npm ci --no-audit --no-fund && npx nx run-many -t build --outputStyle=static

FROM node:20-bookworm-slim
ARG APP
ENV NODE_ENV=production HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app /app
RUN npm prune --omit=dev --no-audit --no-fund || true
USER node
ENV APP_MAIN=/app/${APP}/dist/main.js
CMD ["sh", "-c", "exec node $APP_MAIN"]
