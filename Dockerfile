# syntax=docker/dockerfile:1

# 1. The web app, from the committed lock file.
FROM node:20-bookworm-slim AS web
WORKDIR /src/pwa
COPY pwa/package.json pwa/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY pwa/ ./
# The build generates the wire types from the API's OpenAPI document.
COPY contract/openapi.json /src/contract/openapi.json
RUN npm run build

# 2. The binary, with the web app embedded. Pure Go: no cgo, so it runs anywhere.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/pwa/dist ./pwa/dist
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/rehome ./cmd/rehome && mkdir -p /out/data

# 3. A small runtime image.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/rehome /rehome
# The data dir must belong to the unprivileged user the server runs as.
COPY --from=build --chown=65532:65532 /out/data /data
ENV REHOME_ADDR=0.0.0.0:8080 REHOME_DATA=/data
VOLUME /data
# 8080 plain; 80 and 443 with REHOME_DOMAIN, REHOME_ADDR=:443 and REHOME_HTTP_ADDR=:80.
EXPOSE 8080 80 443
USER nonroot
ENTRYPOINT ["/rehome"]
CMD ["serve"]
