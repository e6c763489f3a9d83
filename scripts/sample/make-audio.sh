#!/usr/bin/env bash
# Generates the sample audio under public/media/audio/ (deterministic content; re-runnable).
# Needs: espeak-ng, sox, lame, and Node 20 (scripts/sample/clips.mjs says what the clips say).
# Output: mono CBR MP3, the longer tracks 22050 Hz at 32 kbps, every episode's own clip 16000 Hz at
# 16 kbps: a hundred of them, a few seconds each, and speech stays clear at that rate.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="$ROOT/public/media/audio"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"
RATE=22050
KBPS=32
SPEECH="$ROOT/scripts/sample/data/speech"
mkdir -p "$SPEECH"
rm -f "$SPEECH"/*.tsv
# The pause after each spoken line of a track built from lines, and the silence at either end
# of a short one.
GAP=0.35
SHORT_PAD=0.4

# make_track NAME VOICE SPEED PITCH BEDSTYLE MIN_SECONDS TEXT [TEXT ...]
# One TEXT is spoken in one go. Several are spoken one by one and joined with a short pause, and
# each one's measured start and end go to scripts/sample/data/speech/NAME.tsv (start, end, text;
# a TEXT starting with "#" is the title of the chapter its next line opens): the sample's exact
# transcripts and chapters (build-catalog.mjs).
make_track() {
  local name="$1" voice="$2" speed="$3" pitch="$4" bed="$5" min="$6"
  shift 6
  local p=1.5; [ "$min" -lt 10 ] && p=$SHORT_PAD
  if [ $# -eq 1 ]; then
    espeak-ng -v "$voice" -s "$speed" -p "$pitch" -w "$TMP/$name-raw.wav" "$1"
  else
    local tsv="$SPEECH/$name.tsv" at="$p" i=0 parts=() seg d
    : > "$tsv"
    for seg in "$@"; do
      if [ "${seg:0:1}" = "#" ]; then printf '%s\t\t%s\n' "$at" "$seg" >> "$tsv"; continue; fi
      i=$((i + 1))
      espeak-ng -v "$voice" -s "$speed" -p "$pitch" -w "$TMP/$name-seg$i-raw.wav" "$seg"
      sox -R "$TMP/$name-seg$i-raw.wav" -r $RATE -c 1 "$TMP/$name-seg$i.wav" pad 0 "$GAP"
      d=$(soxi -D "$TMP/$name-seg$i.wav")
      printf '%s\t%s\t%s\n' "$at" "$(awk -v a="$at" -v d="$d" -v g="$GAP" 'BEGIN{printf "%.3f", a+d-g}')" "$seg" >> "$tsv"
      at=$(awk -v a="$at" -v d="$d" 'BEGIN{printf "%.3f", a+d}')
      parts+=("$TMP/$name-seg$i.wav")
    done
    sox -R "${parts[@]}" "$TMP/$name-raw.wav"
  fi
  sox -R "$TMP/$name-raw.wav" -r $RATE -c 1 "$TMP/$name-speech.wav" pad $p $p
  local len target
  len=$(soxi -D "$TMP/$name-speech.wav")
  target=$(awk -v l="$len" -v m="$min" 'BEGIN{t=(l<m)?m:l; t=int(t+0.999); print t}')
  case "$bed" in
    chordA) sox -R -n -r $RATE -c 3 "$TMP/$name-tone3.wav" synth "$target" sine 110 sine 138.6 sine 164.8 tremolo 0.2 40 && sox -R "$TMP/$name-tone3.wav" -c 1 "$TMP/$name-tone.wav" remix 1-3 ;;
    chordB) sox -R -n -r $RATE -c 3 "$TMP/$name-tone3.wav" synth "$target" sine 98 sine 123.5 sine 146.8 tremolo 0.15 40 && sox -R "$TMP/$name-tone3.wav" -c 1 "$TMP/$name-tone.wav" remix 1-3 ;;
    chordC) sox -R -n -r $RATE -c 3 "$TMP/$name-tone3.wav" synth "$target" sine 130.8 sine 164.8 sine 196 tremolo 0.25 40 && sox -R "$TMP/$name-tone3.wav" -c 1 "$TMP/$name-tone.wav" remix 1-3 ;;
    chordD) sox -R -n -r $RATE -c 3 "$TMP/$name-tone3.wav" synth "$target" sine 87.3 sine 110 sine 130.8 tremolo 0.1 40 && sox -R "$TMP/$name-tone3.wav" -c 1 "$TMP/$name-tone.wav" remix 1-3 ;;
    pulse)  sox -R -n -r $RATE -c 2 "$TMP/$name-tone2.wav" synth "$target" sine 146.8 sine 220 tremolo 2 60 && sox -R "$TMP/$name-tone2.wav" -c 1 "$TMP/$name-tone.wav" remix 1-2 ;;
    hum)    sox -R -n -r $RATE -c 1 "$TMP/$name-tone.wav" synth "$target" sine 120 tremolo 0.5 30 ;;
  esac
  sox -R "$TMP/$name-tone.wav" "$TMP/$name-tone-n.wav" norm -24
  sox -R -n -r $RATE -c 1 "$TMP/$name-noise.wav" synth "$target" pinknoise norm -36
  sox -R "$TMP/$name-speech.wav" "$TMP/$name-speech-p.wav" pad 0 "$(awk -v t="$target" -v l="$len" 'BEGIN{d=t-l; if(d<0)d=0; printf "%.3f", d}')"
  sox -R -m -v 1 "$TMP/$name-speech-p.wav" -v 1 "$TMP/$name-tone-n.wav" -v 1 "$TMP/$name-noise.wav" "$TMP/$name-mix.wav" \
      trim 0 "$target" norm -2 fade t 0.3 "$target" 0.5
  lame --quiet -m m -b "$KBPS" --cbr -q 2 --resample "$(awk -v r=$RATE 'BEGIN{print r/1000}')" "$TMP/$name-mix.wav" "$OUT/$name.mp3"
  echo "speech=${len}s target=${target}s $name.mp3 $(soxi -D "$OUT/$name.mp3")s $(stat -c %s "$OUT/$name.mp3") bytes"
}

make_track ep-audio-1 en-us 135 45 chordA 38 \
  "#Welcome to the bunker" \
  "You're listening to The Ham Radio Show, broadcasting live from the bunker." \
  "Why? Because we can!" \
  "#The mailbag" \
  "Tonight the crew digs through the mailbag, argues about the best antenna ever bolted to a chimney, and finds out whether the coffee machine survived the weekend." \
  "#Stay tuned" \
  "Grab a chair, turn it up, and stay tuned." \
  "This is a sample episode bundled with the listener app, made with a speech synthesizer and a quiet chord, so it is safe to play anywhere."
make_track ep-audio-2 en-gb 128 40 chordB 36 \
  "#Good evening" \
  "Good evening and welcome back to The Ham Radio Show." \
  "It's the GOOM Radio era, the microphones are held together with tape, and the bunker smells like old cables and pizza." \
  "#This hour" \
  "In this hour we have phone calls, a bit of weird news, and a very serious debate about which snack belongs on the broadcast desk." \
  "#Settle in" \
  "Settle in." \
  "This sample audio is generated for testing the player."
make_track ep-audio-3 en-us 132 55 chordC 37 \
  "#Hey hey" \
  "Hey hey, this is The Ham Radio Show, the loudest little talk show on the internet." \
  "#Coming up" \
  "Coming up: Deadpool Bingo standings, a sponsor read we promise not to mess up, and a listener question about why the studio clock runs eleven minutes fast." \
  "#On the roof" \
  "The crew is here, the lights are blinking, and the antenna on the roof is still pointing at the neighbour's garden gnome." \
  "Let's get into it." \
  "This is sample audio for the listener app."
make_track ep-audio-4 en-gb-x-rp 140 35 chordD 34 "From deep inside the bunker, this is The Ham Radio Show. Tonight is a Cold Cut special: a short slice from the archive, dusted off and served cold. Expect tangents, terrible impressions, and at least one sound effect that nobody can explain. Thanks for listening, thanks for sticking around all these years, and remember, why? Because we can. This clip was generated for the sample catalog."
make_track ep-audio-5 en-us 128 50 pulse 38 \
  "Attention listeners, this is The Ham Radio Show on the U F R N network." \
  "We are fifteen years deep and still have no idea what we are doing, which is exactly the point." \
  "On the rundown: the gallery gets a fresh batch of bunker party photos, the merch table finally has shirts in every size, and a caller wants to know if a weather balloon counts as a pet." \
  "Stay with us." \
  "This is generated sample audio."
make_track ep-audio-6 en-gb 125 48 chordA 37 "Welcome to The Ham Radio Show, P P R edition. The red light is on, the crew is mostly awake, and the studio cat has claimed the producer's chair again. Tonight we rank the best listener voicemails of the year, revisit the great antenna heist, and answer the question nobody asked. You know the drill. Why? Because we can. This sample audio was made with free tools for the listener app."
make_track error en-us 150 45 hum 3 "Sorry, this audio could not be played."
make_track live-sample en-us 150 50 pulse 58 "You are listening to The Ham Radio Show, live from the bunker. This is the live stream sample. Stay tuned for more. The crew will be right back after these messages. Remember, why? Because we can. Live from the bunker, this is The Ham Radio Show. Keep it locked right here for talk, news, weird news, and Deadpool Bingo updates. This live sample loops for testing, so if you hear this sentence again, the loop is working exactly as intended. Back in a moment with more from the bunker. Do not touch that dial. The phone lines are open, the chat room is busy, and the coffee is almost warm. This is The Ham Radio Show, live, loud, and a little bit late. Stick around, the best part is always right after the break."

RATE=16000
KBPS=16
make_track ep-0103 en-us 132 50 chordB 36 \
  "#Ten questions" \
  "This is The Ham Radio Show, and tonight the CanBa Show answers ten listener questions." \
  "Facts first, jokes second: Madame Feedback keeps a source for every answer." \
  "#The mailbag" \
  "The questions come from the mailbag, and the crew reads every one of them on air." \
  "#Stay with us" \
  "Grab a chair and stay with us." \
  "Why? Because we can!"
# One clip for every other episode and Cold Cut, paused less: a second saved is 2 KB times a hundred.
GAP=0.25
SHORT_PAD=0.25
while IFS=$'\t' read -r -a clip; do make_track "${clip[@]}"; done < <(node "$ROOT/scripts/sample/clips.mjs")
du -ch "$OUT"/*.mp3 | tail -1
