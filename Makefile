# Almanac — everything a new machine needs is installed by these targets (Debian/Ubuntu: apt-get,
# as root or through sudo). `make test` and `make demo` work on a brand-new machine.
SWIFT ?= swift
APT_PACKAGES := libcmark-dev libsqlite3-dev zlib1g-dev tzdata cmark sqlite3 libxml2-utils time bc binutils python3 python3-venv python3-jsonschema python3-icalendar libxlsxwriter-dev python3-openpyxl libpangocairo-1.0-0 libpango1.0-dev libpng-dev fonts-dejavu-core fonts-noto-color-emoji \
  postgresql postgresql-client
DEMO_STORE := .demo/almanac-demo.sqlite
RELEASE_BIN := .build/release/almanac

.PHONY: deps build release test demo bench check-site check-xlsx man clean install uninstall

deps:
	@if command -v dpkg >/dev/null 2>&1; then \
	  missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	  if [ -n "$$missing" ]; then \
	    echo "Installing:$$missing"; \
	    if [ "$$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
	    $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	  fi; \
	fi

# Every target imports only what Package.swift declares it depends on.
IMPORT_CHECK := --explicit-target-dependency-import-check error

# The program and its tests; a warning of the project's own code fails the build.
build: deps
	bash scripts/no-warnings.sh $(SWIFT) build --build-tests $(IMPORT_CHECK)

# The Swift runtime and Foundation are linked into the release binary: it starts in a third less
# time (no symbol lookups across a dozen shared libraries) and runs where no Swift is installed.
# It is linked by the toolchain's lld with its 130,000 relative relocations packed (RELR: 25 kB
# instead of a 3 MB table the loader reads at every start); still a position-independent
# executable. Its modules are optimised across module boundaries (`-cross-module-optimization`:
# the metrics, renderers and report inline and specialise each other's code; about 2 % of a
# nightly run's processor time). A generic type's metadata is got through its accessor, not by
# demangling its name at first use (`-disable-concrete-type-metadata-mangled-name-accessors`: the
# runtime then neither demangles nor scans the binary's 9,800 conformance records for it; a
# nightly run spends 8 % less processor time, every command starts 0.6 ms sooner)
# (docs/PERFORMANCE.md).
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
	-Xswiftc -cross-module-optimization -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
# Only the two executables: a package's dynamic library products (GRDB's) cannot link against a
# static runtime.
release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product almanac
	$(SWIFT) build $(RELEASE_FLAGS) --product almanac-bench

# Every suite that takes a backend runs against SQLite and a throw-away PostgreSQL server that this
# target starts and stops (scripts/pg-server.sh); a server that cannot start fails the run.
# `make test SQLITE_ONLY=1` runs the SQLite half, for a machine without PostgreSQL.
test: build
	bash scripts/check-backup-schema.sh
	# export csv's datapackage.json, validated by frictionless and read back by pandas (from PyPI).
	bash scripts/check-datapackage.sh
ifeq ($(SQLITE_ONLY),1)
	env -u ALMANAC_TEST_POSTGRES $(SWIFT) test $(IMPORT_CHECK)
else
	bash scripts/pg-server.sh run $(SWIFT) test $(IMPORT_CHECK)
endif
	# A bounded hostile round against the importers (docs/RELIABILITY.md): 60 s, seed 1.
	python3 scripts/fuzz-import.py .build/debug/almanac 60 1
	# The release build writes the debug build's files (docs/RELIABILITY.md).
	$(SWIFT) build $(RELEASE_FLAGS) --product almanac
	bash scripts/release-check.sh
	# The README's first command in a fresh clone, twice; `make install` into a temporary prefix.
	bash scripts/fresh-clone-check.sh

# `make -o build demo ALMANAC=…` runs the recipe with a binary built elsewhere (the fresh-clone
# check of `make test`, scripts/fresh-clone-check.sh).
ALMANAC ?= .build/debug/almanac
demo: build
	@mkdir -p .demo
	$(ALMANAC) demo --store $(DEMO_STORE) --force --out Output
	ALMANAC_NOW=2026-11-20T20:00:00Z $(ALMANAC) status --store $(DEMO_STORE)

bench: release
	bash Benchmarks/run.sh

check-site: demo
	ALMANAC=$(ALMANAC) DEMO_STORE=$(DEMO_STORE) bash scripts/check-site.sh

check-xlsx: demo
	bash scripts/check-xlsx.sh

# The man page, generated from the command definitions (swift-argument-parser's plugin).
man: deps
	$(SWIFT) package plugin generate-manual
	cp .build/plugins/GenerateManual/outputs/almanac/almanac.1 docs/almanac.1

# `make install` (PREFIX=/usr/local; DESTDIR for packagers): the release binary, the man page and
# the bash, zsh and fish completions; `make uninstall` with the same PREFIX removes exactly those.
PREFIX ?= /usr/local
INSTALLED := $(DESTDIR)$(PREFIX)/bin/almanac $(DESTDIR)$(PREFIX)/share/man/man1/almanac.1 \
	$(DESTDIR)$(PREFIX)/share/bash-completion/completions/almanac $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_almanac \
	$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/almanac.fish
install: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product almanac
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
	  $(DESTDIR)$(PREFIX)/share/zsh/site-functions $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	# Stripped (`install -s`): its symbol tables are half the build's 167 MB; a crash report then
	# names addresses, not functions.
	install -s -m 755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/almanac
	install -m 644 docs/almanac.1 $(DESTDIR)$(PREFIX)/share/man/man1/almanac.1
	$(RELEASE_BIN) --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/almanac
	$(RELEASE_BIN) --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_almanac
	$(RELEASE_BIN) --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/almanac.fish
	@echo "Installed almanac, its man page and completions under $(DESTDIR)$(PREFIX)."

uninstall:
	rm -f $(INSTALLED)
	@echo "Removed almanac, its man page and completions from $(DESTDIR)$(PREFIX)."

clean:
	rm -rf .build .demo
