package app

import (
	"log/slog"
	"net"
	"sync"
	"syscall"

	"golang.org/x/net/netutil"

	"substep/web"
)

// Connection limits: a client address (an IPv6 /64 counts as one) may
// hold MaxConnsPerClient connections at once (generous: a judges' seminar
// behind one NAT address takes its certifications together), and the server at most
// MaxConns in all, fewer than the file descriptors it may open, so a flood
// of idle connections neither starves other clients nor exhausts the
// process's descriptors.
const (
	defaultConnsPerClient = 256
	defaultMaxConns       = 16384
	// fdReserve is what the total cap leaves of the descriptor limit for
	// the databases, their WAL files and the rest of the process.
	fdReserve = 128
)

// raiseFDLimit lifts the process's soft limit on open files to its hard
// limit, where the system allows, and returns the soft limit in force.
func raiseFDLimit(log *slog.Logger) uint64 {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		log.Warn("cannot read the open-file limit", "err", err)
		return 0
	}
	if lim.Cur < lim.Max {
		raised := lim
		raised.Cur = lim.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &raised); err != nil {
			log.Warn("cannot raise the open-file limit", "soft", lim.Cur, "hard", lim.Max, "err", err)
			return lim.Cur
		}
		lim = raised
	}
	return lim.Cur
}

// maxConns is the total connection cap: want (or the default), but never
// more than the descriptor limit allows.
func maxConns(want int, fdLimit uint64) int {
	if want <= 0 {
		want = defaultMaxConns
	}
	if fdLimit > 0 && fdLimit < uint64(want)+fdReserve {
		want = max(int(fdLimit)-fdReserve, 16)
	}
	return want
}

// limitListener caps the connections of each client address and, through
// netutil.LimitListener, the total. A connection over its address's cap is
// closed as soon as it is accepted.
func limitListener(ln net.Listener, perClient, total int) net.Listener {
	if perClient <= 0 {
		perClient = defaultConnsPerClient
	}
	return &perClientListener{Listener: netutil.LimitListener(ln, total), max: perClient, open: map[string]int{}}
}

type perClientListener struct {
	net.Listener
	max  int
	mu   sync.Mutex
	open map[string]int // client key → connections open
}

func (l *perClientListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		key := connKey(c)
		l.mu.Lock()
		full := l.open[key] >= l.max
		if !full {
			l.open[key]++
		}
		l.mu.Unlock()
		if full {
			c.Close()
			continue
		}
		return &countedConn{Conn: c, l: l, key: key}, nil
	}
}

func (l *perClientListener) done(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[key]--; l.open[key] <= 0 {
		delete(l.open, key)
	}
}

// connKey is the client key of a connection's peer.
func connKey(c net.Conn) string {
	host, _, err := net.SplitHostPort(c.RemoteAddr().String())
	if err != nil {
		host = c.RemoteAddr().String()
	}
	return web.ClientKey(host)
}

// countedConn gives its slot back once, when closed.
type countedConn struct {
	net.Conn
	l    *perClientListener
	key  string
	once sync.Once
}

func (c *countedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.l.done(c.key) })
	return err
}
