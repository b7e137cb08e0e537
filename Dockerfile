# syntax=docker/dockerfile:1
# One image per app, holding only that app's production dependencies and build output:
#   docker build --build-arg APP=services/profile -t thunderprep/profile .
#   docker build --build-arg APP=apps/gateway -t thunderprep/gateway .   (with the web app it serves)
# The web's Supabase settings are build arguments of the gateway image (Vite bakes them in):
#   --build-arg VITE_SUPABASE_URL=https://<project>.supabase.co --build-arg VITE_SUPABASE_ANON_KEY=<anon key>
# Node 24 LTS (maintenance until 2028-04; 20 ended 2026-04-30), the runtime .ci/run tests on (it reads
# the version here). Pinned by digest, so a rebuilt tag changes nothing until the pin moves: the
# multi-platform index of node:24.21.0-bookworm-slim (amd64, arm64, ppc64le) built 2026-09-19, as
# docker-library/repo-info records it. tests/deploy checks the pin and that engines and CI agree.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim@sha256:0e0ff40c39bc087845bfb27465a0df4ea419520094bc35842ff83dd8cbe6f9b6

# The lock, .npmrc and every workspace's package.json, alone: the install layers below are reused
# until one of them changes, whatever else was edited.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && cp package.json package-lock.json .npmrc /manifests/ \
 && find apps libs services tests -mindepth 2 -maxdepth 2 -name package.json -exec cp --parents {} /manifests/ \;

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY --from=manifests /manifests ./
# Install scripts are not needed to build (the native packages come as prebuilt optional packages).
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
ARG APP
ARG VITE_SUPABASE_URL=
ARG VITE_SUPABASE_ANON_KEY=
# Product analytics (posthog), off unless both are set; allow the host in the gateway's CSP_CONNECT_SRC.
ARG VITE_POSTHOG_KEY=
ARG VITE_POSTHOG_HOST=
# Builds the app and the libraries it depends on (Nx's ^build), then gathers what runs into /out:
# each workspace's package.json, dist/ and migrations/ (read at start), and the default port for the
# HEALTHCHECK.
RUN test -n "$APP" && test -f "$APP/package.json" \
      || { echo "--build-arg APP=apps/gateway or APP=services/<name> is required" >&2; exit 1; } \
 && project=$(node -p "require('./$APP/package.json').name") \
 && npx nx run "$project:build" --outputStyle=static \
 && if [ "$APP" = apps/gateway ]; then npx nx run @app/web:build --outputStyle=static; fi \
 && mkdir /out \
 && for dir in libs/* "$APP"; do \
      cp --parents "$dir/package.json" /out/ \
      && for part in dist migrations; do if [ -d "$dir/$part" ]; then cp -r --parents "$dir/$part" /out/; fi; done; \
    done \
 && if [ "$APP" = apps/gateway ]; then cp -r --parents apps/web/dist /out/; fi \
 && node -p "require('./libs/contracts/dist').serviceEntry('${APP##*/}')?.port ?? 8080" > /out/default-port \
 && cp deploy/docker/healthcheck.cjs /out/

# Production dependencies of this app's workspace only (and of the libraries it links).
FROM ${NODE_IMAGE} AS prune
WORKDIR /app
COPY --from=manifests /manifests ./
ARG APP
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts --workspace "$APP"

FROM ${NODE_IMAGE}
ARG APP
ENV NODE_ENV=production HOST=0.0.0.0 APP=${APP}
WORKDIR /app
COPY --from=prune /app/node_modules ./node_modules
COPY --from=build /out ./
# A numeric user (the kubelet can check runAsNonRoot only against a number); files stay root's and
# read-only to it.
USER 10001:10001
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 CMD ["node", "healthcheck.cjs"]
CMD ["sh", "-c", "exec node \"$APP/dist/main.js\""]
