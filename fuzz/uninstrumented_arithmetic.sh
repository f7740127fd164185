#!/usr/bin/env bash
# A rustc wrapper for fuzz builds (see fuzz/README, "Instrumentation"): the
# arithmetic crates the exact mode and the oracle run on (num-bigint,
# num-integer, num-rational, num-traits) are built without libFuzzer's
# compare tracing (`-sanitizer-coverage-trace-compares`), as the standard
# library is; their edge coverage stays. Every other crate, this one's own
# included, is built exactly as `cargo fuzz` builds it. The last occurrence
# of an LLVM option wins, so the flag appended here overrides the one in
# cargo fuzz's RUSTFLAGS. Generic and `#[inline]` code of these crates
# (all of `Ratio<BigInt>`, so num-rational's part is nominal) is compiled
# into its callers and traced there.
#
#   RUSTC_WRAPPER=$PWD/uninstrumented_arithmetic.sh cargo fuzz build -s none diff_exact
rustc=$1
shift
prev=
for arg in "$@"; do
  case $arg in
    num_bigint | num_integer | num_rational | num_traits)
      if [[ $prev == --crate-name ]]; then
        exec "$rustc" "$@" -Cllvm-args=-sanitizer-coverage-trace-compares=false
      fi
      ;;
  esac
  prev=$arg
done
exec "$rustc" "$@"
