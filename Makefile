# Thin wrapper over CMake so the everyday commands are short. Every target here builds
# with CARC_WERROR=ON (warnings stop the build); plain cmake leaves it off.
#   make          build into build/
#   make play     build and play a game on the terminal against the computer (mcts)
#   make serve    build and start the game server (carc serve) on http://127.0.0.1:8080/
#   make run      build and print one seeded game between two computer players
#   make test     build and run every test (ctest)
#   make asan     build into build-asan/ with ASan+UBSan and run every test
#                 (CTEST_ARGS="-E '^(web|python|expansion_module)_'" leaves some out, as CI does)
#   make tsan     build into build-tsan/ with ThreadSanitizer and run a threaded arena
#   make bench    build and print the benchmark figures
#   make bench-instructions  instructions per random game under callgrind (base and
#                 gifts,christmas; bench/instructions.sh, docs/PERFORMANCE.md)
#   make fuzz     build the libFuzzer targets with clang and fuzz each for FUZZ_SECONDS
# the sub-makes of `cmake --build` would say every directory they enter before the game
MAKEFLAGS += --no-print-directory
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
FUZZ_SECONDS ?= 60
PORT ?= 8080
CTEST_ARGS ?=
CMAKE_OPTS = -DCARC_WERROR=ON

.PHONY: all build play run test asan tsan bench bench-instructions fuzz clean serve
all: build
build:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_OPTS) >/dev/null
	cmake --build $(BUILD) -j $(JOBS)
play: build
	./$(BUILD)/carc play --players human,mcts --seed 1
serve: build
	@echo "carc serve: open http://127.0.0.1:$(PORT)/ in a browser (Ctrl-C stops the server)"
	./$(BUILD)/carc serve --port $(PORT)
# the game's lines only: the build's progress is left out (its warnings and errors,
# on stderr, are not)
run:
	@echo "make run: building $(BUILD)/ ..."
	@$(MAKE) build >/dev/null
	@./$(BUILD)/carc demo --seed 1
test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)
asan:
	cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DCARC_SANITIZE=ON $(CMAKE_OPTS) >/dev/null
	cmake --build build-asan -j $(JOBS)
	cd build-asan && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j $(JOBS) $(CTEST_ARGS)
# Games in two threads at once (the three players share nothing but the results
# under the lock); TSan's first report stops the run with exit status 66. A planted
# race (tests/tsan_race.c) must be reported first, or the run proves nothing.
TSAN_RUN = TSAN_OPTIONS="halt_on_error=1 exitcode=66 $(TSAN_OPTIONS)"
tsan:
	cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCARC_TSAN=ON $(CMAKE_OPTS) >/dev/null
	cmake --build build-tsan -j $(JOBS) --target carc tsan_race test_server_frames ws_client
	$(TSAN_RUN) ./build-tsan/tests/tsan_race >/dev/null 2>&1; rc=$$?; [ $$rc -eq 66 ] \
	  || { echo "tsan: the planted race in tests/tsan_race.c was not reported (exit $$rc)"; exit 1; }
	$(TSAN_RUN) ./build-tsan/carc arena \
	  --players mcts,greedy,random --games 6 --threads 2 --budget-ms 20 \
	  --expansions gifts,christmas --seed 1
	$(TSAN_RUN) ./build-tsan/tests/server/test_server_frames
	$(TSAN_RUN) sh tests/server/play.sh ./build-tsan/carc ./build-tsan/tests/server/ws_client
bench: build
	./$(BUILD)/carc bench
bench-instructions: build
	sh bench/instructions.sh $(BUILD)
# Optimised (-O2, asserts kept) with ASan+UBSan: an unoptimised build ran fuzz_play
# about four times slower.
fuzz:
	CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCARC_SANITIZE=ON -DCARC_FUZZ=ON $(CMAKE_OPTS) >/dev/null
	cmake --build build-fuzz -j $(JOBS) --target fuzz_record fuzz_play fuzz_protocol fuzz_server_msg
	for t in record play protocol server_msg; do mkdir -p build-fuzz/corpus-$$t; \
	  ./build-fuzz/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) build-fuzz/corpus-$$t fuzz/corpus/$$t || exit 1; done
clean:
	rm -rf build build-asan build-tsan build-fuzz build-ci-*
