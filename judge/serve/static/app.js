// judge serve: results as you type. Progressive enhancement only: without this file the search
// form submits normally. No framework, no build; the CSP allows only this file (script-src 'self').
(function () {
  "use strict";
  var DELAY_MS = 250; // a pause in typing, not every key, asks the server
  var form = document.getElementById("search-form");
  var box = document.getElementById("q");
  if (!form || !box || !window.fetch) { return; }
  var target = document.getElementById("results") || document.getElementById("live");
  var timer = null;
  var asked = 0; // answers arriving late for an older query are dropped

  function show(html) {
    // The fragment is this server's own page text, every value escaped there.
    target.innerHTML = html;
    if (target.id === "live") { target.hidden = html === ""; }
  }

  function ask() {
    var query = box.value;
    if (!query.trim()) { if (target.id === "live") { show(""); } return; }
    var mine = ++asked;
    var url = form.getAttribute("action") + "?fragment=1&q=" + encodeURIComponent(query);
    fetch(url, { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        if (mine !== asked) { return; }
        show(html);
        if (target.id === "results" && window.history.replaceState) {
          window.history.replaceState(null, "", form.getAttribute("action") + "?q=" + encodeURIComponent(query));
        }
      })
      .catch(function () { /* the form still works: Enter submits it */ });
  }

  box.addEventListener("input", function () {
    window.clearTimeout(timer);
    timer = window.setTimeout(ask, DELAY_MS);
  });
})();
