# Rehome: `make run` builds and serves the demo marketplace; `make test` runs every test.

GO        ?= go
BIN       := bin/rehome
DATA      ?= ./data
PWA_DIST  := pwa/dist

.PHONY: all build run test test-go vet fuzz clean

all: build

build: $(BIN)

# The binary embeds pwa/dist, so it is rebuilt whenever Go files or the web build change.
$(BIN): go.mod go.sum $(shell find app cmd sqlite uploads pwa -name '*.go' -o -name '*.sql' 2>/dev/null) $(shell find $(PWA_DIST) -type f 2>/dev/null)
	$(GO) build -trimpath -o $(BIN) ./cmd/rehome

run: build
	$(BIN) serve --demo --data $(DATA)

test: test-go

test-go: vet
	$(GO) test -count=1 ./...

vet:
	$(GO) vet ./...

# A short run of each fuzz target; longer runs: make fuzz FUZZTIME=10m
FUZZTIME ?= 30s
fuzz:
	$(GO) test -run='^$$' -fuzz=FuzzSave -fuzztime=$(FUZZTIME) ./uploads/
	$(GO) test -run='^$$' -fuzz=FuzzDecodeJSON -fuzztime=$(FUZZTIME) ./app/api/

clean:
	rm -rf bin
