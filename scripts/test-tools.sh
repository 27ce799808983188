#!/usr/bin/env bash
# The programs the test suite drives besides Node: tmux (terminal tests in a
# real pseudo-terminal; less is the default pager they page with), the shells whose completion scripts are checked (zsh,
# fish; bash is already there), curl (runs the `--dry-run` command lines), Debian's chromium (the admin console's
# browser test, driven by playwright-core) and man (man-db: renders the man pages the build makes).
# Run by `npm test` before the tests.
# Installs what is missing with Debian's apt-get when it can (root); otherwise
# names what is missing, and the tests that need it fail rather than skip.
set -euo pipefail
missing=()
for tool in tmux less zsh fish curl chromium; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
command -v man >/dev/null 2>&1 || missing+=(man-db)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "test-tools: installing ${missing[*]} with apt-get" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi
echo "test-tools: missing ${missing[*]}: install them (the tests that need them will fail)" >&2
