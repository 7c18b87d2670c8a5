# Shared by scripts/run and scripts/test: installs the Debian packages yunzi
# needs when they are missing, so both work on a fresh Debian 12 machine.

yunzi_build_packages=(
  build-essential cmake ninja-build ccache pkg-config
  libboost-dev libboost-system-dev nlohmann-json3-dev libspdlog-dev
  libsqlite3-dev sqlite3 libsodium-dev libicu-dev catch2 gnugo prometheus-cpp-dev
  libpqxx-dev libnats-dev nats-server
)

ensure_packages() {
  local missing=()
  local pkg
  for pkg in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$pkg")
    fi
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
}

# Configures and builds one build tree:
#   configure_and_build DIR [cmake args...] [-- targets...]
# The arguments are applied on every run, so a tree made before a flag
# changed here is rebuilt with the new flags.
configure_and_build() {
  local dir="$1"
  shift
  local args=() targets=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do args+=("$1"); shift; done
  [ "${1:-}" = "--" ] && { shift; targets=("$@"); }
  cmake -S . -B "$dir" -G Ninja "${args[@]}"
  if [ ${#targets[@]} -gt 0 ]; then
    cmake --build "$dir" --target "${targets[@]}"
  else
    cmake --build "$dir"
  fi
}

# Stage timing for scripts/test: `stage NAME` closes the stage before it and
# opens NAME; `stage_summary` prints every stage's wall seconds, so each run's
# log shows where its time went.
stage_names=()
stage_seconds=()
stage_started=""
stage() {
  local now
  now=$(date +%s)
  if [ -n "$stage_started" ]; then
    stage_seconds+=($((now - stage_started)))
  fi
  stage_started=$now
  [ $# -gt 0 ] && { stage_names+=("$1"); echo "== stage: $1"; }
  return 0
}
stage_summary() {
  stage
  stage_started=""
  local i total=0
  echo "== stage times (wall seconds)"
  for i in "${!stage_names[@]}"; do
    printf '%6d  %s\n' "${stage_seconds[$i]}" "${stage_names[$i]}"
    total=$((total + stage_seconds[i]))
  done
  printf '%6d  total\n' "$total"
}
