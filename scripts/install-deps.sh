#!/usr/bin/env bash
# Installs the Debian packages lore builds and tests against, only when they are missing
# (python3-venv: the MCP test installs the Python MCP client into its own virtual environment).
set -euo pipefail
need=()
for p in libsqlite3-dev libreadline-dev libstemmer-dev libyaml-dev sqlite3 tmux libcurl4 libcurl4-openssl-dev python3 python3-venv openssl; do
  dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}" >&2
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
