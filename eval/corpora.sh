#!/usr/bin/env bash
# Assembles the corpora of the question sets in eval/ into DIR (default .build-eval/corpora), from Debian's
# documentation packages and ../shared/bench. Only for fitting and checking the answer model; lore never needs them.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build-eval/corpora}
need=()
for p in python3.11-doc debian-handbook git-doc valgrind; do dpkg -s "$p" >/dev/null 2>&1 || need+=("$p"); done
if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
rm -rf "$out"; mkdir -p "$out"/{pyhowto,handbook,gitdoc,valgrind,scifact,nodeapi}
cp /usr/share/doc/python3.11/html/howto/*.html "$out/pyhowto/"; rm -f "$out/pyhowto/index.html"
cp /usr/share/doc/debian-handbook/html/en-US/*.html "$out/handbook/"
cp /usr/share/doc/git-doc/howto/*.txt /usr/share/doc/git-doc/user-manual.html /usr/share/doc/git-doc/git*.html "$out/gitdoc/"
cp /usr/share/doc/valgrind/html/*.html "$out/valgrind/"
rm -f "$out"/valgrind/{index.html,licenses.html} "$out"/valgrind/license.* "$out"/valgrind/dist.*
cp ../shared/bench/scifact/corpus.jsonl "$out/scifact/scifact.jsonl"
# Node.js's API reference in Markdown ships with the nodejs package of this machine's image (version 20).
if [ -d /usr/share/doc/nodejs/api ]; then
  cp /usr/share/doc/nodejs/api/*.md "$out/nodeapi/"; rm -f "$out"/nodeapi/{all,index}.md
else
  echo "no /usr/share/doc/nodejs/api: the nodeapi set is left out" >&2; rmdir "$out/nodeapi"
fi
echo "$out"
