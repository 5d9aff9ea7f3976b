// Substep's small script: theme toggle, "/" to focus search, copy-link buttons.
(function () {
  "use strict";
  var root = document.documentElement;
  try {
    var saved = localStorage.getItem("theme");
    if (saved === "light" || saved === "dark") root.setAttribute("data-theme", saved);
  } catch (e) {}
  function copy(text, el) {
    var done = function () { el.classList.add("done"); setTimeout(function () { el.classList.remove("done"); }, 1500); };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, function () {});
    }
  }
  document.addEventListener("click", function (ev) {
    var t = ev.target.closest ? ev.target.closest("[data-copy],[data-anchor],[data-theme-toggle]") : null;
    if (!t) return;
    if (t.hasAttribute("data-theme-toggle")) {
      var dark = root.getAttribute("data-theme") === "dark" ||
        (!root.getAttribute("data-theme") && window.matchMedia("(prefers-color-scheme: dark)").matches);
      var next = dark ? "light" : "dark";
      root.setAttribute("data-theme", next);
      try { localStorage.setItem("theme", next); } catch (e) {}
    } else if (t.hasAttribute("data-copy")) {
      copy(t.getAttribute("data-copy"), t);
    } else if (t.hasAttribute("data-anchor")) {
      var canon = document.querySelector('link[rel="canonical"]');
      var base = canon ? canon.href.split("#")[0] : location.href.split("#")[0];
      copy(base + "#" + t.getAttribute("data-anchor"), t);
    }
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.key !== "/" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    var tag = (document.activeElement && document.activeElement.tagName) || "";
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    var q = document.querySelector("[data-search-input]");
    if (q) { ev.preventDefault(); q.focus(); q.select(); }
  });
})();
