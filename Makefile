# Every go command here gets the sqlite_fts5 build tag: without it the SQLite
# driver builds without FTS5 (and internal/search refuses to compile).
export GOFLAGS := -buildvcs=false -tags=sqlite_fts5

.PHONY: run test generate check build fuzz bench
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
