# Every go command here gets the sqlite_fts5 build tag: without it the SQLite
# driver builds without FTS5 (and internal/search refuses to compile).
export GOFLAGS := -buildvcs=false -tags=sqlite_fts5

.PHONY: run test generate check build bench bench-load soak
run:
	go run ./cmd/site
test:
	go test ./...
generate:
	go tool templ generate
check:
	go run ./cmd/site check
build:
	go build -o site ./cmd/site
bench:
	go test -run '^$$' -bench . -benchmem ./...
bench-load:
	bash bench/run.sh
soak:
	SUBSTEP_SOAK=$${SUBSTEP_SOAK:-5m} SUBSTEP_SOAK_WORKERS=$${SUBSTEP_SOAK_WORKERS:-64} go test -run TestSoak -v -timeout 0 ./internal/app/
