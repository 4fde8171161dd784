#!/bin/sh
# Builds the rehome binary of an older commit, the reference that make
# lighthouse audits side by side with the current build:
#
#   tools/lighthouse/build-reference.sh COMMIT OUT
#
# The commit's tree is exported (git archive, so the checkout is left as it
# is), its web app built with its own locked dependencies, and its binary
# written to OUT. Only the binary is kept: make builds it once, and again
# only when OUT is missing.
set -eu

commit=$1
out=$2
go=${GO:-go}

src=$(mktemp -d "${TMPDIR:-/tmp}/rehome-reference-XXXXXX")
trap 'rm -rf "$src"' EXIT

echo "Building the reference binary of commit $commit into $out"
git archive --format=tar "$commit" | tar -x -C "$src"
(cd "$src/pwa" && npm ci --no-audit --no-fund && npm run build)
mkdir -p "$(dirname "$out")"
(cd "$src" && "$go" build -trimpath -o "$src/rehome" ./cmd/rehome)
mv "$src/rehome" "$out"
