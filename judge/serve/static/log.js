// The head judge's log, live: every few seconds the list is fetched again (the same list the
// page was drawn with, for the same search) and swapped in when it changed. Without this
// script the page's "Refresh" link does the same by hand.
(function () {
  "use strict";
  var log = document.getElementById("log");
  if (!log || !log.dataset.live) { return; }
  var every = 5000;
  var last = null;  // the list last fetched: swapped in only when a fetch differs from it
  function refresh() {
    if (document.hidden) { return; }
    fetch(log.dataset.live, {credentials: "same-origin", cache: "no-store"})
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        var list = document.getElementById("log-list");
        if (html !== null && list && html !== last) { list.outerHTML = html; last = html; }
      })
      .catch(function () { /* the station is unreachable for a moment: try again next time */ });
  }
  setInterval(refresh, every);
})();
