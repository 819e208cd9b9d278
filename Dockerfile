# A minimal image of mcplint: a static binary on distroless, running as a
# non-root user. It lints what needs no runtime: tool lists, traces and
# client configs' static parts; to lint a live stdio server, build an image
# FROM the server's own (node, python) and copy /mcplint into it.
#
#   docker build -t mcplint .
#   docker run --rm -v "$PWD:/work" -w /work mcplint tools.json
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=0.1.0-dev
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /mcplint ./cmd/mcplint

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /mcplint /mcplint
ENTRYPOINT ["/mcplint"]
