#!/usr/bin/env bash
# GNU Go against itself on 19x19 (Chinese rules, situational superko, komi 7.5), N games written as SGF files into
# a folder: the game records `yunzi-problems --mine` looks for problems in (tools/PROBLEMS.md).
# Usage: tools/yunzi-problems/gnugo_selfplay.sh GAMES OUTDIR [LEVEL]
set -euo pipefail
games=${1:?usage: gnugo_selfplay.sh GAMES OUTDIR [LEVEL]}
out=${2:?usage: gnugo_selfplay.sh GAMES OUTDIR [LEVEL]}
level=${3:-1}
mkdir -p "$out"
columns=ABCDEFGHJKLMNOPQRST
letters=abcdefghijklmnopqrs
sgf_point() {  # GTP vertex -> SGF point on 19x19
  local vertex=${1^^} prefix
  prefix=${columns%%"${vertex:0:1}"*}
  echo "${letters:${#prefix}:1}${letters:$((19 - ${vertex:1})):1}"
}
for ((game = 1; game <= games; game++)); do
  coproc GNUGO { /usr/games/gnugo --mode gtp --chinese-rules --situational-superko --level "$level" \
    --seed "$game"; }
  # Kept now: bash unsets GNUGO_PID as soon as the coprocess exits.
  gnugo_pid=$GNUGO_PID
  ask() {  # one command, its answer's first line
    local line answer=""
    echo "$1" >&"${GNUGO[1]}"
    while IFS= read -r line <&"${GNUGO[0]}"; do
      [ -z "$line" ] && break
      [ -z "$answer" ] && answer=$line
    done
    echo "${answer#= }"
  }
  ask "boardsize 19" >/dev/null
  ask "komi 7.5" >/dev/null
  passes=0
  colour=black
  # GNU Go's printsgf keeps only the final position, so the moves are written here.
  record="(;GM[1]FF[4]SZ[19]KM[7.5]RU[Chinese]PB[GNU Go]PW[GNU Go]"
  for ((move = 0; move < 400 && passes < 2; move++)); do
    played=$(ask "genmove $colour")
    [ "${played,,}" = resign ] && break
    letter=${colour:0:1}
    if [ "${played,,}" = pass ]; then
      passes=$((passes + 1))
      record+=";${letter^^}[]"
    else
      passes=0
      record+=";${letter^^}[$(sgf_point "$played")]"
    fi
    colour=$([ "$colour" = black ] && echo white || echo black)
  done
  echo "$record)" >"$out/selfplay-$game.sgf"
  # No answer is read: bash drops the coprocess's descriptors as soon as it exits.
  echo "quit" >&"${GNUGO[1]}"
  wait "$gnugo_pid" 2>/dev/null || true
  echo "game $game: $move moves" >&2
done
