# lore — two commands do all set-up on a fresh Debian machine: `make run` and `make test`.
SWIFT ?= swift
LORE := .build/release/lore

.PHONY: deps build run test bench eval fuzz clean

deps:
	@bash scripts/install-deps.sh

build: deps
	$(SWIFT) build -c release --static-swift-stdlib

# Lore's main job on the shipped corpus: the chat on a terminal, a demo question otherwise.
run: build
	@if [ -t 0 ] && [ -t 1 ]; then $(LORE) chat --corpus Corpus; \
	else $(LORE) ask --corpus Corpus "How do I group Swift Testing tests with tags?"; fi

test: deps
	$(SWIFT) build -c release --static-swift-stdlib
	$(SWIFT) test

bench: build
	python3 scripts/bench.py --runs 5

eval: build
	python3 ../shared/eval/score.py all

fuzz: deps
	bash scripts/fuzz.sh $(or $(SECONDS_PER_TARGET),60)

clean:
	rm -rf .build
