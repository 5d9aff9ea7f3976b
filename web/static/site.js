// Substep's one script: theme, search as you type, copy-link buttons and the
// compare page's one-topic view on phones. No dependencies. It is loaded in
// <head> without defer so a saved theme applies before the first paint; the
// rest waits for the DOM. It never sets inline styles (the CSP forbids them):
// it toggles classes and attributes that site.css styles.
(function () {
  "use strict";
  var root = document.documentElement;
  var KEY = "substep-theme";
  var dark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

  try {
    var saved = localStorage.getItem(KEY);
    if (saved === "light" || saved === "dark") root.setAttribute("data-theme", saved);
  } catch (e) { /* storage blocked: follow the system */ }

  function $(sel, el) { return (el || document).querySelector(sel); }
  function $$(sel, el) { return Array.prototype.slice.call((el || document).querySelectorAll(sel)); }

  function isDark() {
    var t = root.getAttribute("data-theme");
    return t ? t === "dark" : !!(dark && dark.matches);
  }

  function syncThemeButtons() {
    $$("[data-theme-toggle]").forEach(function (b) {
      b.hidden = false;
      b.setAttribute("aria-pressed", isDark() ? "true" : "false");
    });
  }

  function toggleTheme() {
    var next = isDark() ? "light" : "dark";
    root.setAttribute("data-theme", next);
    try { localStorage.setItem(KEY, next); } catch (e) { /* not remembered */ }
    syncThemeButtons();
  }

  if (dark && dark.addEventListener) dark.addEventListener("change", syncThemeButtons);

  // The status line is a live region: screen readers hear what changed.
  function announce(msg) {
    var st = document.getElementById("status");
    if (!st) return;
    st.textContent = "";
    setTimeout(function () { st.textContent = msg; }, 50);
  }

  // ---- Copy links -------------------------------------------------------

  function copied(btn, text) {
    btn.setAttribute("data-copied", text);
    if (!btn.hasAttribute("data-label")) btn.setAttribute("data-label", btn.textContent);
    btn.textContent = "Copied";
    btn.classList.add("done");
    clearTimeout(btn.copyTimer);
    btn.copyTimer = setTimeout(function () {
      btn.textContent = btn.getAttribute("data-label");
      btn.classList.remove("done");
    }, 2000);
    announce("Link copied: " + text);
  }

  function copyFallback(btn, text) {
    var ta = document.createElement("textarea");
    ta.value = text;
    ta.className = "offscreen";
    ta.setAttribute("readonly", "");
    document.body.appendChild(ta);
    ta.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    document.body.removeChild(ta);
    btn.focus();
    if (ok) copied(btn, text);
    else window.prompt("Copy this link:", text);
  }

  function copy(btn) {
    var text = btn.getAttribute("data-copy");
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () { copied(btn, text); }, function () { copyFallback(btn, text); });
    } else {
      copyFallback(btn, text);
    }
  }

  // Every anchored heading in a rule's body gets its own copy button, next
  // to the heading (not inside it, so the heading's name stays clean).
  function addSectionButtons() {
    var canon = $('link[rel="canonical"]');
    var base = (canon ? canon.href : location.href).split("#")[0];
    $$(".body a.anchor[data-anchor]").forEach(function (a) {
      var h = a.parentNode;
      if (!h || !h.parentNode || h.parentNode.classList.contains("shead")) return;
      var name = h.textContent.replace(a.textContent, "").trim();
      var wrap = document.createElement("div");
      wrap.className = "shead";
      var b = document.createElement("button");
      b.type = "button";
      b.className = "copy small";
      b.textContent = "Copy link";
      b.setAttribute("aria-label", "Copy link to “" + name + "”");
      b.setAttribute("data-copy", base + "#" + a.getAttribute("data-anchor"));
      h.parentNode.insertBefore(wrap, h);
      wrap.appendChild(h);
      wrap.appendChild(b);
    });
    $$("button.copy[hidden]").forEach(function (b) { b.hidden = false; });
  }

  // ---- Search as you type ----------------------------------------------

  // A form with data-live="ID" fetches /search?...&partial=1 on each change
  // and puts the fragment into #ID. On /search (data-live-page) it also keeps
  // the address bar in step, so the results can be shared or reloaded.
  function liveSearch(form) {
    var input = $("[data-search-input]", form);
    var out = document.getElementById(form.getAttribute("data-live"));
    if (!input || !out) return;
    var box = $("[data-live-results]", out) || out;
    var more = $("[data-live-more]", out);
    var onPage = form.hasAttribute("data-live-page");
    var timer = 0, seq = 0, last = null, ctrl = null;

    function params() {
      var parts = [];
      $$("input[name], select[name]", form).forEach(function (el) {
        var v = el.value.trim();
        if (v) parts.push(encodeURIComponent(el.name) + "=" + encodeURIComponent(v));
      });
      return parts.join("&");
    }

    function hide() {
      if (onPage) return;
      out.hidden = true;
      last = null;
    }

    function run() {
      var qs = params();
      if (qs === last) return;
      last = qs;
      if (ctrl) ctrl.abort();
      if (!onPage && !input.value.trim()) {
        seq++;
        out.removeAttribute("aria-busy");
        box.textContent = "";
        hide();
        return;
      }
      var n = ++seq;
      // The query these results answer: by the time they arrive the input
      // may hold more letters, whose own request is still to be sent.
      var asked = input.value.trim();
      ctrl = window.AbortController ? new AbortController() : null;
      out.setAttribute("aria-busy", "true");
      // The panel under the header shows the first few results; the search
      // page shows a page of them, with links to the others.
      fetch("/search?" + (qs ? qs + "&" : "") + "partial=1" + (onPage ? "" : "&panel=1"), { signal: ctrl ? ctrl.signal : undefined, credentials: "same-origin" })
        .then(function (r) {
          if (!r.ok) throw new Error("search: " + r.status);
          return r.text();
        })
        .then(function (html) {
          if (n !== seq) return;
          box.innerHTML = html;
          out.hidden = false;
          out.removeAttribute("aria-busy");
          out.setAttribute("data-query", asked);
          if (more) more.href = "/search" + (qs ? "?" + qs : "");
          if (onPage) {
            history.replaceState(null, "", "/search" + (qs ? "?" + qs : ""));
            document.title = (input.value.trim() ? "Search: " + input.value.trim() : "Search") + " · Substep";
          }
          var c = $(".count", box) || $(".notice", box);
          var cards = $$(".card-hits li", box).length;
          announce((cards ? cards + (cards > 1 ? " cards. " : " card. ") : "") + (c ? c.textContent : ""));
        })
        .catch(function () {
          if (n === seq) {
            out.removeAttribute("aria-busy");
            last = null; // let the next keystroke try again
          }
        });
    }

    function schedule(delay) {
      clearTimeout(timer);
      timer = setTimeout(run, delay);
    }

    form.addEventListener("input", function (ev) { schedule(ev.target.tagName === "SELECT" ? 0 : 60); });
    form.addEventListener("change", function () { schedule(0); });
    input.addEventListener("keydown", function (ev) {
      if (ev.key === "ArrowDown") {
        // Closed results open again; open ones take the focus.
        if (out.hidden) {
          if (input.value.trim()) { ev.preventDefault(); schedule(0); }
          return;
        }
        var first = $("a[href]", out);
        if (first) { ev.preventDefault(); first.focus(); }
      } else if (ev.key === "Escape" && !onPage && !out.hidden) {
        ev.preventDefault();
        hide();
      }
    });
    // Arrow keys move through the results; Escape goes back to the box.
    out.addEventListener("keydown", function (ev) {
      if (ev.key === "Escape") {
        ev.preventDefault();
        hide();
        input.focus();
        return;
      }
      if (ev.key !== "ArrowDown" && ev.key !== "ArrowUp") return;
      var links = $$("a[href]", out);
      var i = links.indexOf(document.activeElement);
      if (i < 0) return;
      ev.preventDefault();
      var j = i + (ev.key === "ArrowDown" ? 1 : -1);
      if (j < 0) input.focus();
      else if (j < links.length) links[j].focus();
    });
    // On the results page the form keeps working as a form; elsewhere a
    // submit goes to the full results page, which is what the form says.
    if (onPage) {
      form.addEventListener("submit", function (ev) {
        ev.preventDefault();
        last = null;
        run();
      });
    }
  }

  // ---- Compare: one topic at a time on a phone ---------------------------

  function topicPicker(p) {
    var matrix = $(".matrix");
    var sel = $("select", p);
    if (!matrix || !sel) return;
    var rows = $$("tbody tr[id]", matrix);
    if (!rows.length) return;
    var ids = rows.map(function (r) { return r.id; });

    function show(id, remember) {
      rows.forEach(function (r) { r.classList.toggle("current", r.id === id); });
      sel.value = id;
      p.setAttribute("data-index", String(ids.indexOf(id) + 1));
      if (remember) history.replaceState(null, "", "#" + id);
    }

    var want = decodeURIComponent(location.hash.slice(1));
    show(ids.indexOf(want) >= 0 ? want : ids[0], false);
    p.hidden = false;
    matrix.classList.add("one");
    sel.addEventListener("change", function () { show(sel.value, true); });
    window.addEventListener("hashchange", function () {
      var id = decodeURIComponent(location.hash.slice(1));
      if (ids.indexOf(id) >= 0) show(id, false);
    });
    p.addEventListener("click", function (ev) {
      var b = ev.target.closest ? ev.target.closest("[data-step]") : null;
      if (!b) return;
      var i = ids.indexOf(sel.value) + Number(b.getAttribute("data-step"));
      if (i >= 0 && i < ids.length) {
        show(ids[i], true);
        announce(rows[i].querySelector("th").textContent.trim());
      }
    });
  }

  // ---- Quiz timer --------------------------------------------------------

  // The attempt page's countdown. The clock ticks every second, but only
  // the 5- and 1-minute marks are announced (polite), and the timer turns
  // amber, then red. The form is sent by itself 3 seconds before the end:
  // the server refuses anything later.
  function quizTimer(box) {
    var el = $("[data-left-ms]", box);
    var form = document.getElementById("attempt-form");
    var say = $("[data-timer-alert]");
    if (!el || !form) return;
    var end = Date.now() + Number(el.getAttribute("data-left-ms"));
    var sent = false, force = false;
    // The server states the deadline in UTC; show it in the candidate's own
    // time. The countdown itself comes from the server's milliseconds left.
    var until = $("time[datetime]", box);
    if (until) {
      var d = new Date(until.getAttribute("datetime"));
      if (!isNaN(d.getTime())) {
        until.textContent = d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" }) + " your time";
        until.setAttribute("title", until.getAttribute("datetime"));
      }
    }
    var marks = [[300, "5 minutes left."], [60, "1 minute left. Your answers are sent by themselves when the time runs out."]];
    function left() { return Math.max(0, Math.round((end - Date.now()) / 1000)); }
    // Marks already passed when the page opens are not announced.
    marks = marks.filter(function (m) { return left() > m[0]; });
    form.addEventListener("submit", function (ev) {
      if (!force && warnUnanswered(form)) {
        ev.preventDefault();
        return;
      }
      sent = true;
    });
    function pad(n) { return (n < 10 ? "0" : "") + n; }
    function tick() {
      var s = left();
      el.textContent = pad(Math.floor(s / 60)) + ":" + pad(s % 60);
      box.classList.toggle("low", s <= 300);
      box.classList.toggle("urgent", s <= 60);
      while (marks.length && s <= marks[0][0]) {
        if (say) say.textContent = marks[0][1];
        marks.shift();
      }
      if (s <= 3 && !sent) {
        sent = force = true;
        if (form.requestSubmit) form.requestSubmit();
        else form.submit();
        return;
      }
      if (s > 0) setTimeout(tick, 500);
    }
    tick();
  }

  // A submit with questions left unanswered shows how many, with a link to
  // each, the first time only: the next submit goes through, so a deliberate
  // blank answer is never blocked. It reports whether it stopped the submit.
  function warnUnanswered(form) {
    if (form.hasAttribute("data-warned")) return false;
    var open = $$("fieldset.question", form).filter(function (f) {
      return !$("input[type=radio]:checked", f);
    });
    if (!open.length) return false;
    form.setAttribute("data-warned", "");
    var box = $("[data-unanswered]", form);
    if (!box) {
      box = document.createElement("div");
      box.className = "unanswered-warning";
      box.setAttribute("data-unanswered", "");
      box.setAttribute("role", "alert");
      var btn = $("button[type=submit]", form);
      form.insertBefore(box, btn);
    }
    box.textContent = "";
    var p = document.createElement("p");
    p.textContent = (open.length === 1 ? "1 question is" : open.length + " questions are") +
      " still unanswered. An unanswered question counts as wrong. Go to: ";
    open.forEach(function (f, i) {
      var a = document.createElement("a");
      a.href = "#" + f.id;
      a.textContent = "question " + f.id.replace(/^q/, "");
      if (i > 0) p.appendChild(document.createTextNode(", "));
      p.appendChild(a);
    });
    p.appendChild(document.createTextNode(". Press “Submit my answers” again to submit as it is."));
    box.appendChild(p);
    return true;
  }

  // ---- Wiring ----------------------------------------------------------

  document.addEventListener("click", function (ev) {
    var t = ev.target.closest ? ev.target.closest("[data-copy],[data-theme-toggle],[data-print]") : null;
    if (!t) return;
    if (t.hasAttribute("data-theme-toggle")) toggleTheme();
    else if (t.hasAttribute("data-print")) window.print();
    else copy(t);
  });

  // "/" focuses the search box from anywhere but a text field.
  document.addEventListener("keydown", function (ev) {
    if (ev.key !== "/" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    var el = document.activeElement;
    var tag = (el && el.tagName) || "";
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (el && el.isContentEditable)) return;
    var q = $("[data-search-input]");
    if (q) {
      ev.preventDefault();
      q.focus();
      q.select();
    }
  });

  function init() {
    syncThemeButtons();
    addSectionButtons();
    $$("form[data-live]").forEach(liveSearch);
    $$("[data-topic-picker]").forEach(topicPicker);
    $$("[data-timer]").forEach(quizTimer);
    root.classList.add("js");
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
