#!/bin/sh
# The launcher's watchdog (scripts/start.mjs): a shell of a few hundred kB, where a Node process
# cost ~13 MB for as long as the app ran. It outlives a launcher killed without a chance to clean
# up (SIGKILL, a crash). The launcher tells it, a line each on its standard input:
#   child <pid> <tier> <signal>   a child started; tiers are the start order, which the stop reverses
#   gone <pid>                    that child ended
#   remove <path>                 a file to remove at the end
# When the launcher's end closes, whatever still runs is stopped tier by tier, highest first: its
# signal, then SIGKILL once that tier's time is up. Arguments: each tier's time in ms, tier 0 first.
# Services also stop by themselves when the launcher is gone (STOP_WITH_PARENT); Postgres and
# nats-server would not.

# Signals meant for the stack (a broad kill, say) must not end it before its job: only the launcher's end does.
trap '' INT TERM HUP

within_0=$1
within_1=$2
within_2=$3
within_3=$4
newline='
'
children=''
removals=''

# Drops the child with this pid from the list.
forget() {
  kept=''
  IFS=$newline
  for entry in $children; do
    [ "${entry%% *}" = "$1" ] || kept="$kept$entry$newline"
  done
  unset IFS
  children=$kept
}

# A zombie (ended, not yet reaped) is gone for our purposes; without /proc (not Linux), signal 0 decides.
alive() {
  kill -0 "$1" 2>/dev/null || return 1
  [ -r "/proc/$1/stat" ] || return 0
  read -r stat <"/proc/$1/stat" || return 1
  state=${stat##*) }
  [ "${state%% *}" != Z ]
}

while IFS= read -r line; do
  case $line in
    'child '*) children="$children${line#child }$newline" ;;
    'gone '*) forget "${line#gone }" ;;
    'remove '*) removals="$removals${line#remove }$newline" ;;
  esac
done

for tier in 3 2 1 0; do
  members=''
  IFS=$newline
  for entry in $children; do
    unset IFS
    set -- $entry
    if [ "$2" = "$tier" ]; then
      kill -s "${3#SIG}" "$1" 2>/dev/null
      members="$members $1"
    fi
  done
  unset IFS
  [ -n "$members" ] || continue
  eval "ticks=\$((within_$tier / 200))"
  while [ "$ticks" -gt 0 ]; do
    running=''
    for pid in $members; do alive "$pid" && running="$running $pid"; done
    [ -n "$running" ] || break
    sleep 0.2
    ticks=$((ticks - 1))
  done
  for pid in $members; do alive "$pid" && kill -s KILL "$pid" 2>/dev/null; done
done

IFS=$newline
for file in $removals; do rm -f -- "$file"; done
exit 0
