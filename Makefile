# Thin wrapper over CMake so the everyday commands are short.
#   make          build into build/
#   make play     build and play a game on the terminal against the computer (mcts)
#   make serve    build and start the game server (carc serve) on http://127.0.0.1:8080/
#   make run      build and print one seeded game between two computer players
#   make test     build and run every test (ctest)
#   make asan     build into build-asan/ with ASan+UBSan and run every test
#   make bench    build and print the benchmark figures
#   make fuzz     build the libFuzzer targets with clang and fuzz each for FUZZ_SECONDS
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
FUZZ_SECONDS ?= 60
PORT ?= 8080

.PHONY: all build play run test asan bench fuzz clean serve
all: build
build:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	cmake --build $(BUILD) -j $(JOBS)
play: build
	./$(BUILD)/carc play --players human,mcts --seed 1
serve: build
	@echo "carc serve: open http://127.0.0.1:$(PORT)/ in a browser (Ctrl-C stops the server)"
	./$(BUILD)/carc serve --port $(PORT)
run: build
	./$(BUILD)/carc demo --seed 1
test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)
asan:
	cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DCARC_SANITIZE=ON >/dev/null
	cmake --build build-asan -j $(JOBS)
	cd build-asan && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j $(JOBS)
bench: build
	./$(BUILD)/carc bench
fuzz:
	CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug -DCARC_SANITIZE=ON -DCARC_FUZZ=ON >/dev/null
	cmake --build build-fuzz -j $(JOBS) --target fuzz_record fuzz_play fuzz_protocol fuzz_server_msg
	for t in record play protocol server_msg; do mkdir -p build-fuzz/corpus-$$t; \
	  ./build-fuzz/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) build-fuzz/corpus-$$t fuzz/corpus/$$t || exit 1; done
clean:
	rm -rf build build-asan build-fuzz
