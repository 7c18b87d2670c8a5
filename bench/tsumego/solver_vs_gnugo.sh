#!/usr/bin/env bash
# The life-and-death solver against GNU Go's owl code on the same positions: every problem of a collection
# (default: the starter library), asked of yunzi-gtp (`yunzi-solve_life`: the status and every best move) and of
# GNU Go (`owl_attack` when the attacker is to move, `owl_defend` when the owner is, `attack` for a capture
# problem: a result and one move); yunzi is given the problem's region (VW) where it states one. Prints
# how often the two agree, the positions each settles per second of wall time (one process each, every position
# in one batch; yunzi also with `yunzi-life_status`, the status alone, the closer match to GNU Go's one answer),
# and the disagreements.
# Usage: bench/tsumego/solver_vs_gnugo.sh [BUILD_DIR] [COLLECTION.sgf]
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build/release}
collection=${2:-tsumego/library/starter.sgf}
gtp="$build/tools/yunzi-gtp/yunzi-gtp"
gnugo=/usr/games/gnugo
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One file per problem (GNU Go's loadsgf reads the first game tree of a file).
awk -v dir="$work" '/^\(;GM/ { n++ } n { print > sprintf("%s/%04d.sgf", dir, n) }' "$collection"

# The target (YT) and the side to move (PL) of each problem, as GTP words.
gtp_vertex() {  # SGF point -> GTP vertex on 19x19
  local letters=abcdefghijklmnopqrs columns=ABCDEFGHJKLMNOPQRST
  local x=${letters%%"${1:0:1}"*} y=${letters%%"${1:1:1}"*}
  echo "${columns:${#x}:1}$((19 - ${#y}))"
}
: >"$work/yunzi.in"
: >"$work/status.in"
: >"$work/gnugo.in"
: >"$work/cases"
for file in "$work"/*.sgf; do
  target=$(grep -o 'YT\[[a-s][a-s]\]' "$file" | head -1 | cut -c4-5)
  player=$(grep -o 'PL\[[BW]\]' "$file" | head -1 | cut -c4)
  owner=$(grep -oE "A[BW](\[[a-s]{2}\])+" "$file" | grep -F "[$target]" | cut -c2)
  [ -n "$target" ] && [ -n "$player" ] && [ -n "$owner" ] || continue
  vertex=$(gtp_vertex "$target")
  question=owl_attack
  [ "$player" = "$owner" ] && question=owl_defend
  # A capture problem is a tactical question: GNU Go's `attack` reads it.
  grep -q 'YG\[capture\]' "$file" && question=attack
  # The problem's region (VW), where one was stated; none clears the last one.
  region=""
  for point in $(grep -oE 'VW(\[[a-s]{2}\])+' "$file" | grep -oE '[a-s]{2}'); do region="$region $(gtp_vertex "$point")"; done
  echo "$(basename "$file") $question" >>"$work/cases"
  printf 'loadsgf %s 1\nyunzi-life_region%s\nyunzi-solve_life %s %s\n' "$file" "$region" "$player" "$vertex" \
    >>"$work/yunzi.in"
  printf 'loadsgf %s 1\nyunzi-life_region%s\nyunzi-life_status %s %s\n' "$file" "$region" "$player" "$vertex" \
    >>"$work/status.in"
  printf 'loadsgf %s 1\n%s %s\n' "$file" "$question" "$vertex" >>"$work/gnugo.in"
done
count=$(wc -l <"$work/cases")

seconds() { local start end; start=$(date +%s.%N); "$@"; end=$(date +%s.%N); echo "$end - $start" | bc; }
yunzi_s=$(seconds sh -c "'$gtp' <'$work/yunzi.in' >'$work/yunzi.out'")
status_s=$(seconds sh -c "'$gtp' <'$work/status.in' >/dev/null")
gnugo_s=$(seconds sh -c "'$gnugo' --mode gtp --chinese-rules <'$work/gnugo.in' >'$work/gnugo.out'")

# Answers: yunzi's every third reply (loadsgf's colour, the region's empty one, the answer), GNU Go's every second.
grep '^=' "$work/yunzi.out" | awk 'NR % 3 == 0 { print $2 }' >"$work/yunzi.answers"
grep '^=' "$work/gnugo.out" | awk 'NR % 2 == 0 { print $2 }' >"$work/gnugo.answers"
paste -d' ' "$work/cases" "$work/yunzi.answers" "$work/gnugo.answers" | awk -v n="$count" \
  -v ys="$yunzi_s" -v ss="$status_s" -v gs="$gnugo_s" '
  # GNU Go: 0 the question fails, 1 it succeeds, 2 and 3 it succeeds by a ko.
  {
    ours = $3; theirs = $4; question = $2
    if (theirs >= 2) verdict = "ko"
    else if (question != "owl_defend") verdict = theirs == 1 ? "dead" : "lives"
    else verdict = theirs == 1 ? "lives" : "dead"
    mine = ours == "alive" || ours == "seki" ? "lives" : ours
    if (mine == verdict) agree++
    else { disagree++; printf "  %s %s: yunzi %s, GNU Go %s\n", $1, question, ours, theirs }
  }
  END {
    printf "positions %d, agreement %d (%.1f%%)\n", n, agree, 100 * agree / n
    printf "yunzi, every best move: %.2f s (%.1f positions/s, %.2fx GNU Go)\n", ys, n / ys, gs / ys
    printf "yunzi, the status alone: %.2f s (%.1f positions/s, %.2fx GNU Go)\n", ss, n / ss, gs / ss
    printf "GNU Go: %.2f s (%.1f positions/s)\n", gs, n / gs
  }'
