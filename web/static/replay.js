// Substep's replay viewer, loaded on the replay pages only. It draws the
// replayed duel at each step of the script, for every format side by side:
// each player's LP, hand, Deck, Graveyard and zones, the chain as a stack
// of numbered links, and the Damage Step's timings with the current one
// lit. Back and Forward (or the arrow keys) move through the steps; the
// steps where the formats part ways are marked, with the rule that decided
// them. The server-rendered event lists stay as they are (they are the
// page without JavaScript); the current step's events are marked in them.
// No dependencies, and no inline styles (the CSP forbids them): only
// classes and attributes that site.css styles.
(function () {
  "use strict";

  function $(sel, el) { return (el || document).querySelector(sel); }
  function $$(sel, el) { return Array.prototype.slice.call((el || document).querySelectorAll(sel)); }

  // make builds an element: make("li", "card new", "Sangan", child, ...).
  function make(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null && text !== "") e.textContent = String(text);
    for (var i = 3; i < arguments.length; i++) if (arguments[i]) e.appendChild(arguments[i]);
    return e;
  }
  function srOnly(text) { return make("span", "sr-only", text); }
  function ruleLink(ref, label) {
    var a = make("a", "rule", label || ref);
    a.href = "/rules/" + ref;
    return a;
  }

  // A step's button says what happens at it, shortly: the script line up to
  // its first clause ("A activates Soul Exchange" for "A activates Soul
  // Exchange targeting B's Sangan").
  function shortAction(a) {
    var s = a.replace(/^(in response to [^,]+|at the start of the damage step|before damage calculation|during damage calculation|after damage calculation|at the end of the damage step|at the flip timing|at resolve effects),\s*/i, "");
    s = s.split(/,|\s+(?:targeting|tributing|discarding|declaring|paying|choosing|searching|special summoning|using|before \S+ responds|and uses its effect)\s/i)[0].trim();
    return s.length > 42 ? s.slice(0, 41) + "…" : s;
  }

  // ---- A broken scenario: show the line an error names ------------------

  function gotoLine(btn) {
    var ta = document.getElementById("scenario");
    var n = Number(btn.getAttribute("data-goto-line"));
    if (!ta || !n) return;
    var lines = ta.value.split("\n");
    var start = 0;
    for (var i = 0; i < n - 1 && i < lines.length; i++) start += lines[i].length + 1;
    var end = start + (lines[n - 1] || "").length;
    ta.focus();
    ta.setSelectionRange(start, end);
    var lh = parseFloat(getComputedStyle(ta).lineHeight) || 20;
    ta.scrollTop = Math.max(0, (n - 3) * lh);
  }

  // ---- The viewer ------------------------------------------------------

  var POS = { "face-up Attack Position": "ATK", "face-up Defense Position": "DEF", "face-down Defense Position": "SET", "face-down": "SET", "set": "SET", "face-up": "" };

  // wholeStates gives every step its whole state: the server sends the
  // first step's state and, for each later step, only what changed (the
  // fields that changed, and each changed player's changed fields).
  function wholeStates(steps) {
    var cur = steps[0].state;
    steps.forEach(function (s) {
      if (s.state) { cur = s.state; return; }
      var ch = s.change;
      if (ch) {
        var next = Object.assign({}, cur, ch);
        if (ch.players) {
          next.players = cur.players.map(function (p) {
            var pc = ch.players.filter(function (x) { return x.player === p.player; })[0];
            return pc ? Object.assign({}, p, pc) : p;
          });
        }
        cur = next;
      }
      s.state = cur;
    });
  }

  function viewer(root) {
    var src = document.getElementById("replay-data");
    var data;
    try { data = JSON.parse(src.textContent); } catch (e) { return; }
    var cols = (data.columns || []).filter(function (c) { return c.steps && c.steps.length && c.steps[0].state; });
    if (!cols.length) return;
    cols.forEach(function (c) { wholeStates(c.steps); });
    var differs = data.differs || [];
    var rules = data.rules || {};

    // The steps are every script line that any format reached, in order.
    var lines = [], action = {};
    cols.forEach(function (c) {
      c.steps.forEach(function (s) {
        if (lines.indexOf(s.line) < 0) lines.push(s.line);
        if (s.action) action[s.line] = s.action;
      });
      // Each chain lives from its first link's line to the line that
      // resolves it.
      c.spans = (c.chains || []).map(function (ch) {
        var from = ch.line, to = Infinity;
        (ch.links || []).forEach(function (l) { if (l.line && l.line < from) from = l.line; });
        (c.events || []).forEach(function (e) {
          var m = e.kind === "resolve" && !e.card && /^Chain (\d+) resolves/.exec(e.text);
          if (m && Number(m[1]) === ch.n && e.line >= from && to === Infinity) to = e.line;
        });
        return { ch: ch, from: from, to: to };
      });
      c.battle = (c.timings || []).length > 0 && c.steps.some(function (st) { return st.state.step === "Damage Step"; });
      c.maxLP = 0;
      c.steps[0].state.players.forEach(function (p) { c.maxLP = Math.max(c.maxLP, p.lp); });
      c.list = $('section.column[data-format="' + c.format + '"] ol.events');
    });
    lines.sort(function (a, b) { return a - b; });

    // The state of column c after line ln (or the last one it reached).
    function at(c, ln) {
      var s = null, prev = null;
      c.steps.forEach(function (st) { if (st.line <= ln) { prev = s; s = st; } });
      return { now: s || c.steps[0], before: s ? prev : null };
    }

    // ---- Controls
    var wrap = make("section", "rv");
    wrap.setAttribute("aria-labelledby", "rv-h");
    var h = make("h2", "", "Step by step");
    h.id = "rv-h";
    var back = make("button", "rv-back", "← Back");
    var fwd = make("button", "rv-fwd", "Forward →");
    back.type = fwd.type = "button";
    back.setAttribute("aria-keyshortcuts", "ArrowLeft");
    fwd.setAttribute("aria-keyshortcuts", "ArrowRight");
    var now = make("p", "rv-now");
    now.setAttribute("aria-live", "polite");
    var bar = make("div", "rv-bar", "", back, now, fwd);
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-label", "Step through the replay");

    var steps = make("ol", "rv-steps");
    steps.setAttribute("aria-label", "Steps of the script");
    var why = data.why || {};
    var stepButtons = lines.map(function (ln, i) {
      var b = make("button", "", ln === 0 ? "Start" : shortAction(action[ln] || "line " + ln));
      b.type = "button";
      b.setAttribute("data-step", String(i));
      b.setAttribute("data-line", String(ln));
      var name = ln === 0 ? "Start: the starting position" : "Line " + ln + ": " + (action[ln] || "");
      if (differs.indexOf(ln) >= 0) name += " (the formats differ here" + (why[ln] ? ": " + why[ln] : "") + ")";
      b.title = name;
      b.setAttribute("aria-label", name);
      steps.appendChild(make("li", differs.indexOf(ln) >= 0 ? "differs" : "", "", b));
      return b;
    });

    var boards = make("div", "rv-boards" + (cols.length > 2 ? " many" : ""));
    cols.forEach(function (c) {
      c.board = make("section", "rv-board");
      c.board.setAttribute("data-format", c.format);
      boards.appendChild(c.board);
    });

    wrap.appendChild(h);
    wrap.appendChild(make("p", "rv-help", "Each board is the duel after the script line shown. Use the buttons, a line number, or the ← and → keys."));
    wrap.appendChild(bar);
    wrap.appendChild(steps);
    wrap.appendChild(boards);

    // ---- Drawing one board
    function zones(cls, label, cards, free, prevCards) {
      var ul = make("ul", "rv-zones " + cls);
      ul.setAttribute("aria-label", label);
      var n = Math.max(cards.length + (free || 0), 5);
      var before = (prevCards || []).map(function (x) { return x.card; });
      for (var i = 0; i < n; i++) {
        var fc = cards[i];
        if (!fc) {
          ul.appendChild(make("li", "empty", "", srOnly("empty")));
          continue;
        }
        var pos = POS[fc.position] != null ? POS[fc.position] : fc.position;
        var li = make("li", "card" + (pos === "SET" ? " down" : "") + (pos === "DEF" ? " def" : "") + (prevCards && before.indexOf(fc.card) < 0 ? " new" : ""),
          "", make("span", "name", fc.card));
        if (pos) li.appendChild(make("span", "pos", pos));
        if (cls === "rv-mz" && (fc.atk || fc.def)) {
          li.appendChild(make("span", "stats", "", srOnly("ATK "), document.createTextNode(String(fc.atk || 0)), make("span", "", " / ", srOnly("DEF ")), document.createTextNode(String(fc.def || 0))));
        }
        if (fc.counters) li.appendChild(make("span", "pos", fc.counters + "×"));
        li.title = fc.card + (fc.position ? " (" + fc.position + ")" : "");
        ul.appendChild(li);
      }
      return ul;
    }

    function side(c, p, before, far) {
      var d = make("div", "rv-side" + (far ? " far" : ""));
      d.setAttribute("data-player", p.player);
      var delta = before ? p.lp - before.lp : 0;
      var lp = make("p", "rv-lp", "", make("span", "who", "Player " + p.player), make("strong", "", String(p.lp)), document.createTextNode(" LP"));
      if (delta) lp.appendChild(make("span", "delta " + (delta < 0 ? "down" : "up"), (delta < 0 ? "−" : "+") + Math.abs(delta)));
      if (p.lost) lp.appendChild(make("span", "delta down", "lost"));
      var m = make("meter");
      m.min = 0;
      m.max = Math.max(c.maxLP, p.lp, 1);
      m.value = Math.max(0, p.lp);
      m.setAttribute("aria-hidden", "true");
      lp.appendChild(m);
      d.appendChild(lp);
      var counts = make("ul", "rv-counts");
      counts.setAttribute("aria-label", "Player " + p.player + "'s cards");
      [["Hand", (p.hand || []).length, (before && before.hand || []).length],
        ["Deck", p.deck_size || 0, before ? before.deck_size || 0 : null],
        ["GY", (p.graveyard || []).length, (before && before.graveyard || []).length],
        ["Banished", (p.banished || []).length, (before && before.banished || []).length]].forEach(function (x) {
        var li = make("li", before && x[1] !== x[2] ? "changed" : "", "", make("span", "", x[0] === "GY" ? "Graveyard" : x[0]), make("strong", "", String(x[1])));
        counts.appendChild(li);
      });
      var fz = p.field_zone;
      var fzPrev = before ? (before.field_zone || {}).card : fz && fz.card;
      counts.appendChild(make("li", "fz" + (fz && fz.card !== fzPrev ? " changed" : ""), "", make("span", "", "Field Zone"), make("strong", "", fz ? fz.card : "—")));
      d.appendChild(counts);
      d.appendChild(zones("rv-mz", "Player " + p.player + "'s Monster Zones", p.monsters || [], p.free_monster_zones, before && (before.monsters || [])));
      d.appendChild(zones("rv-st", "Player " + p.player + "'s Spell & Trap Zones", p.spell_traps || [], p.free_spell_trap_zones, before && (before.spell_traps || [])));
      return d;
    }

    function draw(c, ln) {
      var b = c.board, s = at(c, ln), st = s.now.state;
      var prev = s.before && s.now.line === ln ? s.before.state : null;
      b.textContent = "";
      b.classList.toggle("differs", differs.indexOf(ln) >= 0);
      b.appendChild(make("h3", "", c.name));
      var where = "Turn " + st.turn + " · Player " + st.turn_player + "'s turn · " + st.phase + (st.step ? " · " + st.step : "") + (st.timing ? " · " + st.timing : "");
      b.appendChild(make("p", "rv-where", where));
      if (s.now.line < ln) b.appendChild(make("p", "rv-stopped", "This format's replay stopped at line " + s.now.line + "."));

      // The Damage Step's timings of this format, the current one lit
      // (when the replay has a Damage Step at all).
      if (c.battle) {
        var seen = {};
        (c.events || []).forEach(function (e) { if (e.line === ln && e.timing) seen[e.timing] = true; });
        var ol = make("ol", "rv-timings" + (st.step === "Damage Step" ? "" : " idle"));
        ol.setAttribute("aria-label", "Damage Step timings in " + c.name + " (" + c.timings.length + ")");
        c.timings.forEach(function (t) {
          var li = make("li", (t === st.timing ? "on" : "") + (seen[t] ? " seen" : ""), t);
          if (t === st.timing) li.setAttribute("aria-current", "step");
          ol.appendChild(li);
        });
        b.appendChild(ol);
      }

      // The field: the turn player's opponents on top, the turn player below.
      var field = make("div", "rv-field");
      var players = st.players.slice();
      var me = players.filter(function (p) { return p.player === "A"; })[0] || players[0];
      players.forEach(function (p) {
        if (p === me) return;
        field.appendChild(side(c, p, prev && prev.players.filter(function (q) { return q.player === p.player; })[0], true));
      });
      field.appendChild(side(c, me, prev && prev.players.filter(function (q) { return q.player === me.player; })[0], false));
      b.appendChild(field);

      // The chain: the links of every chain open at this step, the last
      // link on top.
      var open = c.spans.filter(function (x) { return x.from <= ln && ln <= x.to; });
      var chains = make("div", "rv-chains");
      if (!open.length) chains.appendChild(make("p", "rv-nochain", "No chain"));
      open.forEach(function (x) {
        var state = x.to === ln ? "resolves at this step" : x.from === ln ? "built at this step" : "waiting to resolve";
        var ol = make("ol", "rv-links");
        ol.reversed = true;
        x.ch.links.slice().reverse().forEach(function (l) {
          var li = make("li", l.line === ln ? "new" : "", "", make("span", "cl", "CL" + l.n), make("span", "name", l.card),
            make("span", "who", " (" + l.controller + (l.kind ? ", " + l.kind : "") + ")"));
          if (l.negated) li.appendChild(make("span", "delta down", "negated"));
          ol.appendChild(li);
        });
        chains.appendChild(make("div", "rv-chain" + (x.to === ln ? " resolving" : ""), "",
          make("p", "rv-chain-title", "", make("strong", "", "Chain " + x.ch.n), document.createTextNode((x.ch.timing ? " · " + x.ch.timing : "") + " · " + state)), ol));
      });
      b.appendChild(chains);

      // What happened at this line, and the rules that decided it.
      var evs = (c.events || []).filter(function (e) { return e.line === ln; });
      if (evs.length) {
        var log = make("ol", "rv-events");
        log.setAttribute("aria-label", "What happened at this step in " + c.name);
        evs.forEach(function (e) { log.appendChild(make("li", "", e.text)); });
        b.appendChild(log);
      }
      var refs = [];
      evs.forEach(function (e) { if (e.rule && refs.indexOf(e.rule) < 0) refs.push(e.rule); });
      if (refs.length) {
        var r = make("p", "rv-rules", (differs.indexOf(ln) >= 0 ? "Decided here by " : "Rule applied: "));
        refs.forEach(function (ref, i) {
          if (i) r.appendChild(document.createTextNode("; "));
          r.appendChild(ruleLink(ref, rules[ref]));
        });
        b.appendChild(r);
      }
      var v = c.verdict;
      if (v && v.line <= ln) {
        var p = make("p", "rv-verdict", "Illegal at line " + v.line + ": " + v.reason + " ");
        if (v.rule) p.appendChild(ruleLink(v.rule, rules[v.rule]));
        b.appendChild(p);
      }
      if (c.error && (c.error.line || 0) <= ln) b.appendChild(make("p", "rv-verdict", "Scenario error: " + c.error.msg));

      // Mark this step's events in the full list below.
      if (c.list) {
        $$("li[data-line]", c.list).forEach(function (li) {
          li.classList.toggle("now", Number(li.getAttribute("data-line")) === ln);
        });
      }
    }

    // ---- Moving
    var cur = -1;
    function show(i, remember) {
      i = Math.max(0, Math.min(lines.length - 1, i));
      if (i === cur) return;
      cur = i;
      var ln = lines[i];
      cols.forEach(function (c) { draw(c, ln); });
      stepButtons.forEach(function (b, j) {
        if (j === i) b.setAttribute("aria-current", "step");
        else b.removeAttribute("aria-current");
      });
      back.setAttribute("aria-disabled", i === 0 ? "true" : "false");
      fwd.setAttribute("aria-disabled", i === lines.length - 1 ? "true" : "false");
      now.textContent = "";
      now.appendChild(make("span", "rv-count", "Step " + (i + 1) + " of " + lines.length));
      now.appendChild(document.createTextNode(ln === 0 ? " · the starting position" : " · line " + ln + ": "));
      if (ln) now.appendChild(make("q", "", action[ln] || ""));
      if (differs.indexOf(ln) >= 0) {
        now.appendChild(make("strong", "rv-differs", cols.length > 1 ? "The formats differ here" : "Differs"));
        if (why[ln]) now.appendChild(make("span", "rv-why", why[ln]));
      }
      root.setAttribute("data-line", String(ln));
      if (remember) history.replaceState(null, "", "#line-" + ln);
    }

    back.addEventListener("click", function () { show(cur - 1, true); });
    fwd.addEventListener("click", function () { show(cur + 1, true); });
    steps.addEventListener("click", function (ev) {
      var b = ev.target.closest ? ev.target.closest("[data-step]") : null;
      if (b) show(Number(b.getAttribute("data-step")), true);
    });
    document.addEventListener("keydown", function (ev) {
      if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.defaultPrevented) return;
      var t = ev.target, tag = (t && t.tagName) || "";
      if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (t && t.isContentEditable)) return;
      var to = { ArrowLeft: cur - 1, ArrowRight: cur + 1, Home: 0, End: lines.length - 1 }[ev.key];
      if (to === undefined || (ev.key === "Home" || ev.key === "End") && !wrap.contains(t)) return;
      ev.preventDefault();
      show(to, true);
    });

    var m = /^#line-(\d+)$/.exec(location.hash);
    var start = m ? lines.indexOf(Number(m[1])) : -1;
    show(start >= 0 ? start : 0, false);
    // In the page only once drawn, so the caption's live region is not
    // read out as the page loads.
    root.appendChild(wrap);
    root.classList.add("on");
    if (window.performance && performance.mark) performance.mark("substep-replay-drawn");
  }

  function init() {
    $$("[data-replay-viewer]").forEach(viewer);
    $$("[data-goto-line]").forEach(function (b) {
      b.hidden = false;
      b.addEventListener("click", function () { gotoLine(b); });
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
