#!/usr/bin/env bash
# Regenerates the whole sample catalog and its media. Deterministic and re-runnable (byte for byte
# with the same tool versions). Every episode and Cold Cut gets its own audio clip (clips.mjs says
# what it says) and its own cover (cover.mjs), so no two share a played mark, a place or art.
# Tools: espeak-ng, sox, lame (audio); ImageMagick 6 + ffmpeg (gallery/slider JPEGs, video); Node 20
# (with the dev dependencies installed: sharp renders the podcast covers, share cards and app icons).
#   apt-get install -y espeak-ng sox libsox-fmt-mp3 lame imagemagick ffmpeg
# Usage: bash scripts/sample/build-all.sh [--no-audio] [--no-raster]
set -euo pipefail
cd "$(dirname "$0")/../.."
for arg in "$@"; do case "$arg" in --no-audio) NO_AUDIO=1 ;; --no-raster) NO_RASTER=1 ;; esac; done
[ -n "${NO_AUDIO:-}" ] || bash scripts/sample/make-audio.sh
node scripts/sample/make-svg.mjs
node scripts/sample/make-art.mjs
[ -n "${NO_RASTER:-}" ] || node scripts/sample/make-raster.mjs
node scripts/sample/build-catalog.mjs
du -sh public/media sample/gallery-media
